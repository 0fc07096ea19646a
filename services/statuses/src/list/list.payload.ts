import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { List } from './list.type.js';

@ObjectType({ description: 'A payload answering one list: what createList, updateList, addListAccounts and removeListAccounts answer.' })
abstract class ListPayload extends MutationPayload {
  @Field(() => List, { nullable: true, description: 'The list as it is afterwards; null when there are errors.' })
  list!: List | null;
}

@ObjectType({ description: 'What createList answers.' })
export class CreateListPayload extends ListPayload {}

@ObjectType({ description: 'What updateList answers.' })
export class UpdateListPayload extends ListPayload {}

@ObjectType({ description: 'What addListAccounts answers.' })
export class AddListAccountsPayload extends ListPayload {}

@ObjectType({ description: 'What removeListAccounts answers.' })
export class RemoveListAccountsPayload extends ListPayload {}

@InputType({ description: 'The input of deleteList.' })
export class DeleteListInput {
  @Field(() => ID, { description: "One of the caller's lists." })
  listId!: string;
}

@ObjectType({ description: 'What deleteList answers.' })
export class DeleteListPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted list; null when there are errors.' })
  deletedListId!: string | null;
}

@InputType({ description: 'The input of addListAccounts.' })
export class AddListAccountsInput {
  @Field(() => ID, { description: "One of the caller's lists." })
  listId!: string;

  @Field(() => [ID], { description: 'Accounts to add, at least one: each must exist, not be a member yet, and be followed by the caller (or be the caller).' })
  accountIds!: string[];
}

@InputType({ description: 'The input of removeListAccounts.' })
export class RemoveListAccountsInput {
  @Field(() => ID, { description: "One of the caller's lists." })
  listId!: string;

  @Field(() => [ID], { description: 'Accounts to remove; ids that are not members are ignored.' })
  accountIds!: string[];
}
