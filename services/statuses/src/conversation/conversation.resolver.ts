import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { PageArgs } from '../page/page.type.js';
import type { ConversationService } from './conversation.service.js';
import { Conversation, ConversationPage } from './conversation.type.js';

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

  @Mutation(() => Conversation, { description: "Marks one of the caller's conversations read." })
  @Access({ scopes: acceptedScopes('write:conversations'), user: true })
  async markConversationRead(@conversationId() id: string, @Ctx() ctx: StatusesContext): Promise<Conversation> {
    return this.service.markRead(id, ctx);
  }

  @Mutation(() => Boolean, { description: "Removes one of the caller's conversations from their list (for them only; the statuses stay). A new status in it brings it back." })
  @Access({ scopes: acceptedScopes('write:conversations'), user: true })
  async removeConversation(@conversationId() id: string, @Ctx() ctx: StatusesContext): Promise<boolean> {
    return this.service.remove(id, ctx);
  }
}
