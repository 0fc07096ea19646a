import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { NotificationData, NotificationRecord } from './notification.data.js';
import { NotificationType, type Notification } from './notification.type.js';

/** Types Mastodon groups (Notification::GROUPABLE_NOTIFICATION_TYPES). */
const GROUPABLE = new Set<string>([NotificationType.FAVOURITE, NotificationType.REBLOG, NotificationType.FOLLOW]);
const HOUR_SECONDS = 3600;

/** Notifications as their owner reads them. */
export class NotificationService {
  constructor(
    private readonly data: NotificationData,
    private readonly statuses: StatusService,
  ) {}

  /** The caller's notification; anyone else's is Record not found. */
  async get(id: string, ctx: StatusesContext): Promise<Notification> {
    return this.toNotification(await this.owned(id, ctx), ctx);
  }

  /**
   * The notification as the owner's stream shows it, or null when it should
   * not be shown: its status is gone or hidden, or its conversation is muted.
   */
  async forStream(id: string, ctx: StatusesContext): Promise<Notification | null> {
    const record = await this.owned(id, ctx).catch(() => null);
    if (!record) return null;
    if (record.statusId !== null) {
      const status = await this.statuses.view(record.statusId.toString(), ctx).catch(() => null);
      if (!status) return null;
      if (status.conversationId !== null && ctx.viewer && (await ctx.viewer.mutedConversations.load(status.conversationId.toString()))) return null;
    }
    return this.toNotification(record, ctx);
  }

  private async owned(id: string, ctx: StatusesContext): Promise<NotificationRecord> {
    const parsed = parseId(id);
    const record = parsed === null ? null : await this.data.findById(parsed);
    if (!record || record.accountId.toString() !== ctx.principal.accountId) throw AppError.notFound();
    return record;
  }

  private async toNotification(record: NotificationRecord, ctx: StatusesContext): Promise<Notification> {
    const fromId = record.fromAccountId.toString();
    return {
      id: record.id.toString(),
      type: record.type as NotificationType,
      createdAt: record.createdAt,
      groupKey: groupKey(record),
      account: { id: fromId, ...(await ctx.accountStats.load(fromId)) },
      statusId: record.statusId?.toString() ?? null,
    };
  }
}

/**
 * Mastodon's group key: favourites, boosts and follows group by type, status
 * and hour; other types are never grouped ("ungrouped-<id>").
 */
export function groupKey(record: Pick<NotificationRecord, 'id' | 'type' | 'statusId' | 'createdAt'>): string {
  if (!GROUPABLE.has(record.type)) return `ungrouped-${record.id}`;
  const prefix = record.statusId === null ? record.type : `${record.type}-${record.statusId}`;
  return `${prefix}-${Math.floor(record.createdAt.getTime() / 1000 / HOUR_SECONDS)}`;
}
