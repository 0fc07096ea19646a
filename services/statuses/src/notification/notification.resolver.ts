import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes, deletedPayload, payload } from '@social/federation';
import { orNullIfNotFound } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import type { NotificationService } from './notification.service.js';
import { PageArgs } from '../page/page.type.js';
import { Notification, NotificationFilterArgs, NotificationPage } from './notification.type.js';
import { ClearNotificationsPayload, DismissNotificationInput, DismissNotificationPayload } from './notification.payload.js';

@Resolver(() => Notification)
export class NotificationResolver {
  constructor(
    private readonly service: NotificationService,
    private readonly statuses: StatusService,
  ) {}

  @Query(() => Notification, { description: "One of the caller's notifications." })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  async notification(@Arg('id', () => ID, { description: 'The notification.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Notification> {
    return this.service.get(id, ctx);
  }

  @Query(() => NotificationPage, {
    description: "The caller's notifications, newest first (default 40, at most 80 a page); cursors are notification ids.",
    deprecationReason: 'Use me.notifications (a connection).',
  })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  async notifications(@Args(() => NotificationFilterArgs) filter: NotificationFilterArgs, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<NotificationPage> {
    return this.service.list(filter, page, ctx);
  }

  @Query(() => Int, { description: "How many of the caller's notifications are newer than their notifications marker, counted up to limit (default 100, at most 1000)." })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  async notificationsUnreadCount(
    @Args(() => NotificationFilterArgs) filter: NotificationFilterArgs,
    @Arg('limit', () => Int, { nullable: true, description: 'Count at most this many (default 100, at most 1000), as Mastodon does.' }) limit: number | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<number> {
    return this.service.unreadCount(filter, limit, ctx);
  }

  @Mutation(() => DismissNotificationPayload, { description: "Deletes one of the caller's notifications." })
  @Access({ scopes: acceptedScopes('write:notifications'), user: true })
  dismissNotification(
    @Arg('input', () => DismissNotificationInput, { description: 'The notification.' }) input: DismissNotificationInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<DismissNotificationPayload> {
    return deletedPayload('dismissedNotificationId', input.notificationId, () => this.service.dismiss(input.notificationId, ctx));
  }

  @Mutation(() => ClearNotificationsPayload, { description: "Deletes all of the caller's notifications." })
  @Access({ scopes: acceptedScopes('write:notifications'), user: true })
  clearNotifications(@Ctx() ctx: StatusesContext): Promise<ClearNotificationsPayload> {
    return payload(async () => ({ cleared: await this.service.clear(ctx) }), { cleared: null });
  }

  @FieldResolver(() => Status, { nullable: true, description: 'The status it is about (mention, status, reblog, favourite, poll, update).' })
  async status(@Root() notification: Notification, @Ctx() ctx: StatusesContext): Promise<Status | null> {
    if (!notification.statusId) return null;
    const record = await orNullIfNotFound(this.statuses.view(notification.statusId, ctx));
    return record ? this.statuses.toStatus(record, ctx) : null;
  }
}
