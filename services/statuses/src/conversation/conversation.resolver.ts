import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { ConversationService } from './conversation.service.js';
import { Conversation } from './conversation.type.js';

@Resolver(() => Conversation)
export class ConversationResolver {
  constructor(private readonly service: ConversationService) {}

  @Query(() => Conversation, { description: "One of the caller's direct conversations (the direct stream shows each change of one)." })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  async conversation(@Arg('id', () => ID, { description: 'The conversation.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Conversation> {
    return this.service.get(id, ctx);
  }
}
