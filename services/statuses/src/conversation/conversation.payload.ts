import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Conversation } from './conversation.type.js';

@InputType({ description: 'The input of markConversationRead.' })
export class MarkConversationReadInput {
  @Field(() => ID, { description: "One of the caller's conversations." })
  conversationId!: string;
}

@ObjectType({ description: 'What markConversationRead answers.' })
export class MarkConversationReadPayload extends MutationPayload {
  @Field(() => Conversation, { nullable: true, description: 'The conversation, read; null when there are errors.' })
  conversation!: Conversation | null;
}

@InputType({ description: 'The input of markConversationUnread.' })
export class MarkConversationUnreadInput {
  @Field(() => ID, { description: "One of the caller's conversations." })
  conversationId!: string;
}

@ObjectType({ description: 'What markConversationUnread answers.' })
export class MarkConversationUnreadPayload extends MutationPayload {
  @Field(() => Conversation, { nullable: true, description: 'The conversation, unread; null when there are errors.' })
  conversation!: Conversation | null;
}

@InputType({ description: 'The input of removeConversation.' })
export class RemoveConversationInput {
  @Field(() => ID, { description: "One of the caller's conversations." })
  conversationId!: string;
}

@ObjectType({ description: 'What removeConversation answers.' })
export class RemoveConversationPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: "The id of the conversation removed from the caller's list; null when there are errors." })
  removedConversationId!: string | null;
}
