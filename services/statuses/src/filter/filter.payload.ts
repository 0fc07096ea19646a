import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Filter, FilterAction, FilterContext, FilterKeyword, FilterStatus } from './filter.type.js';

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

@InputType({ description: "The input of updateFilterKeyword: the keyword's changes and, optionally, its filter's (a v1 filter is one keyword with its filter); fields left out keep their values." })
export class UpdateFilterKeywordInput {
  @Field(() => ID, { description: "A keyword of one of the caller's filters." })
  filterKeywordId!: string;

  @Field(() => String, { nullable: true, description: 'The word or phrase.' })
  keyword?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whole words only.' })
  wholeWord?: boolean | null;

  @Field(() => [FilterContext], { nullable: true, description: "Where the keyword's filter applies; at least one." })
  context?: FilterContext[] | null;

  @Field(() => FilterAction, { nullable: true, description: "What the keyword's filter does." })
  filterAction?: FilterAction | null;

  @Field(() => Int, { nullable: true, description: "Seconds from now until the keyword's filter stops applying; 0 for never." })
  expiresIn?: number | null;
}

@ObjectType({ description: 'What updateFilterKeyword answers.' })
export class UpdateFilterKeywordPayload extends FilterKeywordPayload {}

@InputType({ description: 'The input of deleteFilterKeyword.' })
export class DeleteFilterKeywordInput {
  @Field(() => ID, { description: "A keyword of one of the caller's filters." })
  filterKeywordId!: string;

  @Field(() => Boolean, { nullable: true, description: 'Also delete the filter when this was its last keyword and it has no statuses (deleting a v1 filter). Default false.' })
  deleteEmptyFilter?: boolean | null;
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
