import { AppError, orNullIfNotFound } from '@social/errors';
import type { NotificationType as DbNotificationType } from '@social/db';
import type { StatusesContext } from '../context.js';
import type { MarkerData } from '../marker/marker.data.js';
import { pageRequest } from '../page/page.js';
import type { AccountPage, PageArgs } from '../page/page.type.js';
import type { Account } from '../account/account.type.js';
import type { StatusService } from '../status/status.service.js';
import type { GroupLocation, GroupMember, NotificationGroupData, NotificationGroupFilter, NotificationGroupRecord } from './notification-groups.data.js';
import type { NotificationGroup, NotificationGroupFilterArgs, NotificationGroupPage } from './notification-group.type.js';
import { GROUPABLE, NOTIFICATION_PAGE, toFilter, unreadCap, viewerOf } from './notification.service.js';
import type { NotificationType } from './notification.type.js';

/** Mastodon's NotificationGroup::SAMPLE_ACCOUNTS_SIZE. */
const SAMPLE_ACCOUNTS = 8;
/** A group shown alone or dismissed is read whole, up to this many (one status's favourites within an hour). */
const WHOLE_GROUP = 100_000;
const GROUPED_KEY = /^(?:favourite|reblog)-\d+-(\d+)$|^follow-(\d+)$/;
const UNGROUPED_KEY = /^ungrouped-(\d{1,19})$/;
const MAX_ID = 9223372036854775807n;

/** Grouped notifications (Mastodon 4.3's v2 API): docs/api/notifications.md#grouping. */
export class NotificationGroupService {
  constructor(
    private readonly data: NotificationGroupData,
    private readonly statuses: StatusService,
    private readonly markers: MarkerData,
  ) {}

  /** A page of the caller's groups; `limit` counts groups (default 40, at most 80). */
  async page(args: NotificationGroupFilterArgs, page: PageArgs, ctx: StatusesContext): Promise<NotificationGroupPage> {
    const records = await this.data.page(viewerOf(ctx), groupFilter(args), pageRequest(page, NOTIFICATION_PAGE));
    const groups = records.map(toGroup);
    const bounds = records.flatMap((record) => [record.pageMinId, record.pageMaxId]);
    return {
      ...(await this.envelope(groups, ctx)),
      nextMaxId: bounds.length > 0 ? bounds.reduce((a, b) => (b < a ? b : a)).toString() : null,
      prevMinId: bounds.length > 0 ? bounds.reduce((a, b) => (b > a ? b : a)).toString() : null,
    };
  }

  /** One of the caller's groups, whole, without page bounds; Record not found when it has no notification. */
  async show(groupKey: string, ctx: StatusesContext): Promise<NotificationGroupPage> {
    const members = await this.members(groupKey, null, WHOLE_GROUP, ctx);
    const newest = members[0];
    const group: NotificationGroup = {
      groupKey,
      type: newest.type as NotificationType,
      notificationsCount: members.length,
      mostRecentNotificationId: newest.id.toString(),
      pageMinId: null,
      pageMaxId: null,
      latestPageNotificationAt: null,
      sampleAccountIds: [...new Set(members.map((member) => member.fromAccountId.toString()))].slice(0, SAMPLE_ACCOUNTS),
      statusId: newest.statusId?.toString() ?? null,
    };
    return { ...(await this.envelope([group], ctx)), nextMaxId: null, prevMinId: null };
  }

  /** The accounts of a group's notifications, newest first, paged by notification id (default 40, at most 80). */
  async accounts(groupKey: string, page: PageArgs, ctx: StatusesContext): Promise<AccountPage> {
    const { maxId, limit } = pageRequest(page, NOTIFICATION_PAGE);
    const members = limit === 0 ? [] : await this.members(groupKey, maxId, limit, ctx);
    return {
      items: await this.accountsOf(members.map((member) => member.fromAccountId.toString()), ctx),
      nextMaxId: members.at(-1)?.id.toString() ?? null,
      prevMinId: members[0]?.id.toString() ?? null,
    };
  }

  /** Deletes every notification of one of the caller's groups. */
  async dismiss(groupKey: string, ctx: StatusesContext): Promise<string> {
    const members = await this.members(groupKey, null, WHOLE_GROUP, ctx);
    await this.data.dismiss(viewerOf(ctx), members.map((member) => member.id));
    return groupKey;
  }

  /** Groups with a notification after the notifications marker, counted up to the limit (default 100, at most 1000). */
  async unreadCount(args: NotificationGroupFilterArgs, limit: number | null | undefined, ctx: StatusesContext): Promise<number> {
    const cap = unreadCap(limit);
    const viewer = viewerOf(ctx);
    const marker = await this.markers.find(viewer, 'notifications');
    const page = { maxId: null, sinceId: null, minId: marker?.lastReadId ?? 0n, limit: cap };
    return (await this.data.page(viewer, groupFilter(args), page)).length;
  }

  /** A group's members, newest first; Record not found for a key naming none of the caller's notifications. */
  private async members(groupKey: string, maxId: bigint | null, limit: number, ctx: StatusesContext): Promise<GroupMember[]> {
    const location = locate(groupKey, maxId);
    const members = location ? await this.data.members(viewerOf(ctx), location, limit) : [];
    if (members.length === 0 && maxId === null) throw AppError.notFound();
    return members;
  }

  /** The groups with each account and visible status they name, once. */
  private async envelope(groups: NotificationGroup[], ctx: StatusesContext): Promise<Pick<NotificationGroupPage, 'groups' | 'accounts' | 'statuses'>> {
    const accountIds = [...new Set(groups.flatMap((group) => group.sampleAccountIds))];
    const statusIds = [...new Set(groups.flatMap((group) => (group.statusId === null ? [] : [group.statusId])))];
    const [accounts, records] = await Promise.all([
      this.accountsOf(accountIds, ctx),
      Promise.all(statusIds.map((id) => orNullIfNotFound(this.statuses.view(id, ctx)))),
    ]);
    const statuses = await Promise.all(records.flatMap((record) => (record ? [this.statuses.toStatus(record, ctx)] : [])));
    return { groups, accounts, statuses };
  }

  private accountsOf(ids: string[], ctx: StatusesContext): Promise<Account[]> {
    return Promise.all(ids.map(async (id) => ({ id, ...(await ctx.accountStats.load(id)) })));
  }
}

/** The v1 filter (types minus excludeTypes) with the types allowed to group: the groupable ones asked for. */
function groupFilter(args: NotificationGroupFilterArgs): NotificationGroupFilter {
  const { types } = toFilter({ types: args.types, excludeTypes: args.excludeTypes });
  const grouped = (args.groupedTypes ?? [...GROUPABLE]).filter((type) => GROUPABLE.has(type));
  return { types, groupedTypes: grouped as DbNotificationType[], includeFiltered: args.includeFiltered ?? false };
}

/** Where a key's notifications are: `ungrouped-<id>` is that one notification, whatever its type. */
function locate(groupKey: string, maxId: bigint | null): GroupLocation | null {
  const single = UNGROUPED_KEY.exec(groupKey);
  if (single) {
    const id = BigInt(single[1]);
    if (id >= MAX_ID) return null;
    return { groupKey, hour: null, groupedTypes: [], minId: id - 1n, maxId: maxId !== null && maxId <= id ? maxId : id + 1n };
  }
  const grouped = GROUPED_KEY.exec(groupKey);
  if (!grouped) return null;
  return { groupKey, hour: BigInt(grouped[1] ?? grouped[2]), groupedTypes: [...GROUPABLE] as DbNotificationType[], minId: null, maxId };
}

function toGroup(record: NotificationGroupRecord): NotificationGroup {
  return {
    groupKey: record.groupKey,
    type: record.type as NotificationType,
    notificationsCount: record.notificationsCount,
    mostRecentNotificationId: record.mostRecentNotificationId.toString(),
    pageMinId: record.pageMinId.toString(),
    pageMaxId: record.pageMaxId.toString(),
    latestPageNotificationAt: record.latestPageNotificationAt,
    sampleAccountIds: record.sampleAccountIds,
    statusId: record.statusId?.toString() ?? null,
  };
}
