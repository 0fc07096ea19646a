import { Field, ID, ObjectType } from 'type-graphql';
import { Node } from '../node/node.type.js';
import { Account } from '../account/account.type.js';
import { Status } from '../status/status.type.js';
import { connectionType } from '../page/connection.type.js';

@ObjectType({ description: "A direct conversation as the caller sees it: the thread's direct statuses between the same participants.", implements: Node })
export class Conversation {
  @Field(() => ID, { description: "The conversation (the caller's own: each participant's has an id of its own)." })
  id!: string;

  @Field(() => Boolean, { description: 'Whether someone else posted in it since the caller last read it.' })
  unread!: boolean;

  @Field(() => [Account], { description: 'The other participants; the caller alone in a note to self.' })
  accounts!: Account[];

  @Field(() => Status, { nullable: true, description: 'Its newest status, as the caller sees it.' })
  lastStatus!: Status | null;
}

@ObjectType({ description: "A page of the caller's direct conversations, newest status first; the cursors are the conversations' newest status ids." })
export class ConversationPage {
  @Field(() => [Conversation], { description: 'The conversations, the one with the newest status first.' })
  items!: Conversation[];

  @Field(() => ID, { nullable: true, description: 'Newest status id of the last item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Newest status id of the first item: pass it as minId for the previous page. Null when empty.' })
  prevMinId!: string | null;
}

export const ConversationConnection = connectionType(Conversation, 'Conversation', 'direct conversations (by newest status)');
export type ConversationConnection = InstanceType<typeof ConversationConnection>;
