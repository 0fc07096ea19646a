import { Arg, Ctx, Directive, ID, Query, Resolver } from 'type-graphql';
import { acceptedScopes, assertAccess, assertOptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { NotificationService } from '../notification/notification.service.js';
import { Notification } from '../notification/notification.type.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import type { FeedService } from './feed.service.js';
import { Feed, StreamHomeMember } from './feed.type.js';

const option = (description: string) => ({ nullable: true, description });

/** What the streaming layer asks for each event: does it belong in this viewer's stream, and as what. */
@Resolver()
export class FeedResolver {
  constructor(
    private readonly service: FeedService,
    private readonly notifications: NotificationService,
    private readonly statuses: StatusService,
  ) {}

  @Query(() => Status, {
    nullable: true,
    description:
      'The status if it belongs in the feed for the caller (the rules of the matching timeline), else null. Scopes as the timeline. Internal: the gateway asks it directly for each stream event; clients cannot (inaccessible).',
  })
  @Directive('@inaccessible')
  async feedStatus(
    @Arg('id', () => ID, { description: 'The status to check.' }) id: string,
    @Arg('feed', () => Feed, { description: 'The timeline it might belong to.' }) feed: Feed,
    @Arg('local', () => Boolean, option('PUBLIC and HASHTAG: only statuses of this server.')) local: boolean | null,
    @Arg('onlyMedia', () => Boolean, option('PUBLIC and HASHTAG: only statuses with media.')) onlyMedia: boolean | null,
    @Arg('tag', () => String, option('HASHTAG: the hashtag, without #.')) tag: string | null,
    @Arg('listId', () => ID, option("LIST: one of the caller's lists.")) listId: string | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<Status | null> {
    if (feed === Feed.PUBLIC || feed === Feed.HASHTAG) assertOptionalAccess(ctx.principal, acceptedScopes('read:statuses'));
    else assertAccess(ctx.principal, { scopes: acceptedScopes(feed === Feed.LIST ? 'read:lists' : 'read:statuses'), user: true });
    const query = { feed, local: Boolean(local), onlyMedia: Boolean(onlyMedia), tag: tag ?? null, listId: listId ?? null };
    const record = await this.service.status(id, query, ctx);
    return record ? this.statuses.toStatus(record, ctx) : null;
  }

  @Query(() => [StreamHomeMember], {
    description:
      "Of these accounts, those whose home feed holds the status (the home timeline's rule), with their flags of it. Internal: the gateway asks it directly, once per new status; clients cannot (inaccessible).",
  })
  @Directive('@inaccessible')
  streamHomeMembers(@Arg('statusId', () => ID) statusId: string, @Arg('accountIds', () => [ID]) accountIds: string[]): Promise<StreamHomeMember[]> {
    return this.service.homeMembers(statusId, accountIds);
  }

  @Query(() => Notification, {
    nullable: true,
    description:
      "The caller's notification as their stream shows it; null when its status is hidden or its conversation muted. Internal: the gateway asks it directly for each stream event; clients cannot (inaccessible).",
  })
  @Directive('@inaccessible')
  async feedNotification(@Arg('id', () => ID, { description: 'The notification.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Notification | null> {
    assertAccess(ctx.principal, { scopes: acceptedScopes('read:notifications'), user: true });
    return this.notifications.forStream(id, ctx);
  }
}
