import { parseId } from '@social/db';
import { instanceOf } from '@social/federation';
import { AppError, orNullIfNotFound } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { NotificationType as DbNotificationType } from '@social/db';
import type { MarkerData } from '../marker/marker.data.js';
import { cursors, pageRequest } from '../page/page.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { PageArgs } from '../page/page.type.js';
import type { NotificationData, NotificationFilter, NotificationRecord } from './notification.data.js';
import { Notification, NotificationType, type NotificationConnection, type NotificationFilterArgs, type NotificationPage } from './notification.type.js';

/** Types Mastodon groups (Notification::GROUPABLE_NOTIFICATION_TYPES). */
export const GROUPABLE = new Set<string>([NotificationType.FAVOURITE, NotificationType.REBLOG, NotificationType.FOLLOW]);
const HOUR_SECONDS = 3600;
/** Mastodon's notification page sizes (NotificationsController) and unread_count limits. */
export const NOTIFICATION_PAGE = { default: 40, max: 80 } as const;
const UNREAD_COUNT_LIMIT = { default: 100, max: 1000 } as const;
/** Every type, for excludeTypes without types. */
const ALL_TYPES = Object.values(NotificationType);

/** Notifications as their owner reads them. */
export class NotificationService {
  constructor(
    private readonly data: NotificationData,
    private readonly statuses: StatusService,
    private readonly markers: MarkerData,
  ) {}

  /** The caller's notification; anyone else's, or one from a suspended account (as the list leaves it out), is Record not found. */
  async get(id: string, ctx: StatusesContext): Promise<Notification> {
    const record = await this.owned(id, ctx);
    if ((await ctx.accountStates.load(record.fromAccountId.toString())).suspended) throw AppError.notFound();
    return this.toNotification(record, ctx);
  }

  /** A page of the caller's notifications, newest first; the cursors are notification ids. */
  async list(filter: NotificationFilterArgs, args: PageArgs, ctx: StatusesContext): Promise<NotificationPage> {
    const page = pageRequest(args, NOTIFICATION_PAGE);
    const rows = await this.data.list(viewerOf(ctx), toFilter(filter), page);
    return { items: await Promise.all(rows.map((row) => this.toNotification(row, ctx))), ...cursors(rows.map((row) => row.id)) };
  }

  /** The caller's notifications as a connection: the rows of list(), the cursors those of the notifications. */
  listConnection(filter: NotificationFilterArgs, args: ConnectionRequest, ctx: StatusesContext): Promise<NotificationConnection> {
    const viewer = viewerOf(ctx);
    const filtered = toFilter(filter);
    return connection(args, {
      rows: (page) => this.data.list(viewer, filtered, page),
      cursorOf: (row) => row.id,
      nodesOf: (rows) => Promise.all(rows.map((row) => this.toNotification(row, ctx))),
    });
  }

  /** Notifications after the notifications marker, counted up to the limit (Mastodon's unread_count). */
  async unreadCount(filter: NotificationFilterArgs, limit: number | null | undefined, ctx: StatusesContext): Promise<number> {
    const cap = unreadCap(limit);
    if (cap === 0) return 0;
    const viewer = viewerOf(ctx);
    const marker = await this.markers.find(viewer, 'notifications');
    const { types } = toFilter(filter);
    if (types?.length === 0) return 0;
    return this.data.countAfter(viewer, marker?.lastReadId ?? null, types, cap);
  }

  /** Dismisses one of the caller's notifications; anyone else's is Record not found. */
  async dismiss(id: string, ctx: StatusesContext): Promise<boolean> {
    const parsed = parseId(id);
    if (parsed === null || !(await this.data.dismiss(viewerOf(ctx), parsed))) throw AppError.notFound();
    return true;
  }

  async clear(ctx: StatusesContext): Promise<boolean> {
    await this.data.clear(viewerOf(ctx));
    return true;
  }

  /**
   * The notification as the owner's stream shows it, or null when it should
   * not be shown: its status is gone or hidden, or its conversation is muted.
   */
  async forStream(id: string, ctx: StatusesContext): Promise<Notification | null> {
    const record = await orNullIfNotFound(this.owned(id, ctx));
    if (!record || (await ctx.accountStates.load(record.fromAccountId.toString())).suspended) return null;
    const statusId = await this.targetStatusId(record, ctx);
    if (statusId !== null) {
      const status = await orNullIfNotFound(this.statuses.view(statusId, ctx));
      if (!status) return null;
      if (status.conversationId !== null && ctx.viewer && (await ctx.viewer.muted.load(status.id.toString()))) return null;
    }
    return this.toNotification(record, ctx);
  }

  private async owned(id: string, ctx: StatusesContext): Promise<NotificationRecord> {
    const parsed = parseId(id);
    const record = parsed === null ? null : await this.data.findById(parsed);
    if (!record || record.accountId.toString() !== ctx.principal.accountId) throw AppError.notFound();
    return record;
  }

  /** The status a notification shows: a reblog's row points at the boost, which shows what it boosted. */
  private async targetStatusId(record: NotificationRecord, ctx: StatusesContext): Promise<string | null> {
    if (record.statusId === null) return null;
    if (record.type !== 'reblog') return record.statusId.toString();
    const boost = await ctx.statuses.load(record.statusId.toString());
    return boost?.reblogOfId?.toString() ?? null;
  }

  private async toNotification(record: NotificationRecord, ctx: StatusesContext): Promise<Notification> {
    const fromId = record.fromAccountId.toString();
    const [statusId, stats] = await Promise.all([this.targetStatusId(record, ctx), ctx.accountStats.load(fromId)]);
    return instanceOf(Notification, {
      id: record.id.toString(),
      type: record.type as NotificationType,
      createdAt: record.createdAt,
      groupKey: groupKey({ ...record, statusId: statusId === null ? null : BigInt(statusId) }),
      account: { id: fromId, ...stats },
      filtered: record.filtered,
      statusId,
    });
  }
}

/** Mastodon's unread_count limit: default 100, |limit| capped at 1000. */
export function unreadCap(limit: number | null | undefined): number {
  return limit === null || limit === undefined ? UNREAD_COUNT_LIMIT.default : Math.min(Math.abs(Math.trunc(limit)), UNREAD_COUNT_LIMIT.max);
}

export function viewerOf(ctx: StatusesContext): bigint {
  return BigInt(ctx.principal.accountId as string);
}

/**
 * Notification.browserable's filter: types (absent: all; empty: none, as
 * Mastodon's types[] naming only unknown types), minus excludeTypes, from accountId.
 */
export function toFilter(args: NotificationFilterArgs): NotificationFilter {
  const requested: string[] | null = args.types ?? null;
  const excluded = new Set<string>(args.excludeTypes ?? []);
  let types: string[] | null = requested;
  if (excluded.size > 0) types = (requested ?? ALL_TYPES).filter((type) => !excluded.has(type));
  // An account_id that is no id matches no account, as Rails casts it to NULL.
  const fromAccountId = args.accountId ? (parseId(args.accountId) ?? -1n) : null;
  return { types: types as DbNotificationType[] | null, fromAccountId, includeFiltered: args.includeFiltered ?? false };
}

/**
 * Mastodon's group key: favourites, boosts and follows group by type, status
 * and hour; other types are never grouped ("ungrouped-<id>").
 */
function groupKey(record: Pick<NotificationRecord, 'id' | 'type' | 'statusId' | 'createdAt'>): string {
  if (!GROUPABLE.has(record.type)) return `ungrouped-${record.id}`;
  const prefix = record.statusId === null ? record.type : `${record.type}-${record.statusId}`;
  return `${prefix}-${Math.floor(record.createdAt.getTime() / 1000 / HOUR_SECONDS)}`;
}
