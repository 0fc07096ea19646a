import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, deletedPayload, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { PageArgs } from '../page/page.type.js';
import type { ConversationService } from './conversation.service.js';
import { Conversation, ConversationPage } from './conversation.type.js';
import { MarkConversationReadInput, MarkConversationReadPayload, MarkConversationUnreadInput, MarkConversationUnreadPayload, RemoveConversationInput, RemoveConversationPayload } from './conversation.payload.js';

const conversationId = () => Arg('id', () => ID, { description: 'The conversation.' });

@Resolver(() => Conversation)
export class ConversationResolver {
  constructor(private readonly service: ConversationService) {}

  @Query(() => ConversationPage, {
    description: "The caller's direct conversations, the one with the newest status first (default 20, at most 40 a page); cursors are newest status ids.",
    deprecationReason: 'Use me.conversations (a connection).',
  })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  async conversations(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<ConversationPage> {
    return this.service.list(page, ctx);
  }

  @Query(() => Conversation, { description: "One of the caller's direct conversations (the direct stream shows each change of one)." })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  async conversation(@conversationId() id: string, @Ctx() ctx: StatusesContext): Promise<Conversation> {
    return this.service.get(id, ctx);
  }

  @Mutation(() => MarkConversationReadPayload, { description: "Marks one of the caller's conversations read." })
  @Access({ scopes: acceptedScopes('write:conversations'), user: true })
  markConversationRead(
    @Arg('input', () => MarkConversationReadInput, { description: 'The conversation.' }) input: MarkConversationReadInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<MarkConversationReadPayload> {
    return payload(async () => ({ conversation: await this.service.markRead(input.conversationId, ctx) }), { conversation: null });
  }

  @Mutation(() => MarkConversationUnreadPayload, { description: "Marks one of the caller's conversations unread again (POST /api/v1/conversations/:id/unread)." })
  @Access({ scopes: acceptedScopes('write:conversations'), user: true })
  markConversationUnread(
    @Arg('input', () => MarkConversationUnreadInput, { description: 'The conversation.' }) input: MarkConversationUnreadInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<MarkConversationUnreadPayload> {
    return payload(async () => ({ conversation: await this.service.markRead(input.conversationId, ctx, true) }), { conversation: null });
  }

  @Mutation(() => RemoveConversationPayload, { description: "Removes one of the caller's conversations from their list (for them only; the statuses stay). A new status in it brings it back." })
  @Access({ scopes: acceptedScopes('write:conversations'), user: true })
  removeConversation(
    @Arg('input', () => RemoveConversationInput, { description: 'The conversation.' }) input: RemoveConversationInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<RemoveConversationPayload> {
    return deletedPayload('removedConversationId', input.conversationId, () => this.service.remove(input.conversationId, ctx));
  }
}
