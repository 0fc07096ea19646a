import { Arg, Args, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountPage, PageArgs } from '../page/page.type.js';
import type { NotificationGroupService } from './notification-groups.service.js';
import { DismissNotificationGroupInput, DismissNotificationGroupPayload, NotificationGroupFilterArgs, NotificationGroupPage } from './notification-group.type.js';

const GROUP_KEY = { description: 'The group\'s key (`ungrouped-<notification id>` for a single notification).' };

/** Grouped notifications: docs/api/notifications.md#grouping. */
@Resolver()
export class NotificationGroupsResolver {
  constructor(private readonly service: NotificationGroupService) {}

  @Query(() => NotificationGroupPage, {
    description:
      "The caller's notifications in groups, newest first, with each account and status named once; limit counts groups (default 40, at most 80), the cursors are notification ids (GET /api/v2/notifications). Scope read:notifications.",
  })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  notificationGroups(@Args(() => NotificationGroupFilterArgs) filter: NotificationGroupFilterArgs, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<NotificationGroupPage> {
    return this.service.page(filter, page, ctx);
  }

  @Query(() => NotificationGroupPage, { description: "One of the caller's notification groups, whole (no page bounds); Record not found when the key names none of their notifications." })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  notificationGroup(@Arg('groupKey', () => String, GROUP_KEY) groupKey: string, @Ctx() ctx: StatusesContext): Promise<NotificationGroupPage> {
    return this.service.show(groupKey, ctx);
  }

  @Query(() => AccountPage, { description: "The accounts of one of the caller's notification groups, newest notification first; cursors are notification ids (default 40, at most 80)." })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  notificationGroupAccounts(@Arg('groupKey', () => String, GROUP_KEY) groupKey: string, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<AccountPage> {
    return this.service.accounts(groupKey, page, ctx);
  }

  @Query(() => Int, { description: "How many of the caller's notification groups have a notification newer than their notifications marker, counted up to limit (default 100, at most 1000)." })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  notificationGroupsUnreadCount(
    @Args(() => NotificationGroupFilterArgs) filter: NotificationGroupFilterArgs,
    @Arg('limit', () => Int, { nullable: true, description: 'Count at most this many groups (default 100, at most 1000).' }) limit: number | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<number> {
    return this.service.unreadCount(filter, limit, ctx);
  }

  @Mutation(() => DismissNotificationGroupPayload, { description: "Deletes every notification of one of the caller's notification groups." })
  @Access({ scopes: acceptedScopes('write:notifications'), user: true })
  dismissNotificationGroup(@Arg('input', () => DismissNotificationGroupInput, { description: 'The group.' }) input: DismissNotificationGroupInput, @Ctx() ctx: StatusesContext): Promise<DismissNotificationGroupPayload> {
    return payload(async () => ({ dismissedGroupKey: await this.service.dismiss(input.groupKey, ctx) }), { dismissedGroupKey: null });
  }
}
