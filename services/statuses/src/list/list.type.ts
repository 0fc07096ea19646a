import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Node } from '../node/node.type.js';

/** Which replies a list shows: Mastodon's replies_policy. */
export enum ListRepliesPolicy {
  FOLLOWED = 'followed',
  LIST = 'list',
  NONE = 'none',
}

registerEnumType(ListRepliesPolicy, {
  name: 'ListRepliesPolicy',
  description: "Which replies to others a list shows (replies to the list's owner always show).",
  valuesConfig: {
    FOLLOWED: { description: 'Replies to any account the owner follows.' },
    LIST: { description: 'Replies to members of the list.' },
    NONE: { description: 'No replies to others.' },
  },
});

@ObjectType({ description: "A user's list of followed accounts, with a timeline of their statuses.", implements: Node })
export class List {
  @Field(() => ID, { description: 'The list\'s id.' })
  id!: string;

  @Field(() => String, { description: 'Name of the list, never blank.' })
  title!: string;

  @Field(() => ListRepliesPolicy, { description: 'Which replies the list\'s timeline shows (Mastodon\'s replies_policy).' })
  repliesPolicy!: ListRepliesPolicy;

  @Field(() => Boolean, { description: "Whether members' statuses are left out of the owner's home timeline." })
  exclusive!: boolean;

  /** The owner: for the rules, never exposed. */
  accountId!: string;
}

@InputType({ description: 'A new list, or changes to one; a field left out keeps its value (or its default).' })
export class CreateListInput {
  @Field(() => String, { nullable: true, description: 'Required (not blank) on creation.' })
  title?: string | null;

  @Field(() => ListRepliesPolicy, { nullable: true, description: 'Default LIST.' })
  repliesPolicy?: ListRepliesPolicy | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false.' })
  exclusive?: boolean | null;
}

@InputType({ description: 'The input of updateList: the list and the settings to change; those left out keep their values.' })
export class UpdateListInput extends CreateListInput {
  @Field(() => ID, { description: "One of the caller's lists." })
  listId!: string;
}
