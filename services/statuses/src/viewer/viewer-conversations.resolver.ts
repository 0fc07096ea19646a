import { Args, Ctx, FieldResolver, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { ConnectionArgs } from '../page/connection.type.js';
import type { ScheduledStatusService } from '../scheduled-status/scheduled-status.service.js';
import { ScheduledStatusConnection } from '../scheduled-status/scheduled-status.type.js';
import { Viewer } from './viewer.type.js';
import type { ConversationService } from '../conversation/conversation.service.js';
import { ConversationConnection } from '../conversation/conversation.type.js';

/** The user's direct conversations and scheduled statuses: what they alone have in the making or in private. */
@Resolver(() => Viewer)
export class ViewerConversationsResolver {
  constructor(
    private readonly conversationService: ConversationService,
    private readonly scheduled: ScheduledStatusService,
  ) {}

  @FieldResolver(() => ConversationConnection, {
    description:
      "The user's direct conversations, the one with the newest status first, as a connection (the rows of `conversations`; a cursor follows its conversation's newest status). Scope read:statuses.",
  })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  conversations(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<ConversationConnection> {
    return this.conversationService.listConnection(args, ctx);
  }

  @FieldResolver(() => ScheduledStatusConnection, {
    description: "The user's scheduled statuses not yet published, newest id first, as a connection (the rows of `scheduledStatuses`). Scope read:statuses.",
  })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  scheduledStatuses(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<ScheduledStatusConnection> {
    return this.scheduled.listConnection(args, ctx);
  }
}
