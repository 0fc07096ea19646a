import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Filter, FilterKeyword, FilterStatus } from './filter.type.js';

@ObjectType({ description: 'A payload answering one filter.' })
abstract class FilterPayload extends MutationPayload {
  @Field(() => Filter, { nullable: true, description: 'The filter as it is afterwards; null when there are errors.' })
  filter!: Filter | null;
}

@ObjectType({ description: 'What createFilter answers.' })
export class CreateFilterPayload extends FilterPayload {}

@ObjectType({ description: 'What updateFilter answers.' })
export class UpdateFilterPayload extends FilterPayload {}

@InputType({ description: 'The input of deleteFilter.' })
export class DeleteFilterInput {
  @Field(() => ID, { description: "One of the caller's filters." })
  filterId!: string;
}

@ObjectType({ description: 'What deleteFilter answers.' })
export class DeleteFilterPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted filter; null when there are errors.' })
  deletedFilterId!: string | null;
}

@ObjectType({ description: 'A payload answering one keyword.' })
abstract class FilterKeywordPayload extends MutationPayload {
  @Field(() => FilterKeyword, { nullable: true, description: 'The keyword as it is afterwards; null when there are errors.' })
  filterKeyword!: FilterKeyword | null;
}

@InputType({ description: 'The input of addFilterKeyword.' })
export class AddFilterKeywordInput {
  @Field(() => ID, { description: "One of the caller's filters." })
  filterId!: string;

  @Field(() => String, { description: 'The word or phrase, not blank.' })
  keyword!: string;

  @Field(() => Boolean, { nullable: true, description: 'Whole words only; default false.' })
  wholeWord?: boolean | null;
}

@ObjectType({ description: 'What addFilterKeyword answers.' })
export class AddFilterKeywordPayload extends FilterKeywordPayload {}

@InputType({ description: 'The input of updateFilterKeyword; fields left out keep their values.' })
export class UpdateFilterKeywordInput {
  @Field(() => ID, { description: "A keyword of one of the caller's filters." })
  filterKeywordId!: string;

  @Field(() => String, { nullable: true, description: 'The word or phrase.' })
  keyword?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whole words only.' })
  wholeWord?: boolean | null;
}

@ObjectType({ description: 'What updateFilterKeyword answers.' })
export class UpdateFilterKeywordPayload extends FilterKeywordPayload {}

@InputType({ description: 'The input of deleteFilterKeyword.' })
export class DeleteFilterKeywordInput {
  @Field(() => ID, { description: "A keyword of one of the caller's filters." })
  filterKeywordId!: string;
}

@ObjectType({ description: 'What deleteFilterKeyword answers.' })
export class DeleteFilterKeywordPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted keyword; null when there are errors.' })
  deletedFilterKeywordId!: string | null;
}

@InputType({ description: 'The input of addFilterStatus.' })
export class AddFilterStatusInput {
  @Field(() => ID, { description: "One of the caller's filters." })
  filterId!: string;

  @Field(() => ID, { description: 'A status the caller may see.' })
  statusId!: string;
}

@ObjectType({ description: 'What addFilterStatus answers.' })
export class AddFilterStatusPayload extends MutationPayload {
  @Field(() => FilterStatus, { nullable: true, description: 'The new entry; null when there are errors.' })
  filterStatus!: FilterStatus | null;
}

@InputType({ description: 'The input of deleteFilterStatus.' })
export class DeleteFilterStatusInput {
  @Field(() => ID, { description: "A status entry of one of the caller's filters." })
  filterStatusId!: string;
}

@ObjectType({ description: 'What deleteFilterStatus answers.' })
export class DeleteFilterStatusPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted entry; null when there are errors.' })
  deletedFilterStatusId!: string | null;
}
