import type { NotificationType as DbNotificationType, PrismaClient } from '@social/db';
import { isForeignKeyViolation } from '../db-errors.js';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

export interface NotificationRecord {
  id: bigint;
  accountId: bigint;
  fromAccountId: bigint;
  type: string;
  statusId: bigint | null;
  createdAt: Date;
}

export interface NewNotification {
  accountId: bigint;
  fromAccountId: bigint;
  type: DbNotificationType;
  statusId?: bigint | null;
  favouriteId?: bigint | null;
  followId?: bigint | null;
}

/** Which of an account's notifications a list shows (Notification.browserable). */
export interface NotificationFilter {
  /** Null: every type. */
  types: DbNotificationType[] | null;
  fromAccountId: bigint | null;
}

const SELECT = {
  id: true, accountId: true, fromAccountId: true, type: true, statusId: true, createdAt: true,
  favourite: { select: { statusId: true } },
} as const;

type Row = Omit<NotificationRecord, 'statusId'> & { statusId: bigint | null; favourite: { statusId: bigint } | null };

/** A favourite notification's status is the favourite's (see NotificationRecorder.favourited). */
function toRecord({ favourite, ...row }: Row): NotificationRecord {
  return { ...row, statusId: row.statusId ?? favourite?.statusId ?? null };
}

/**
 * The notifications table. Each row points at what it announces (status,
 * favourite or follow) with ON DELETE CASCADE, so undoing the action removes
 * the notification in the same statement, and a notification for an action
 * undone meanwhile is refused by the foreign key.
 */
export class NotificationData {
  constructor(private readonly prisma: PrismaClient) {}

  async findById(id: bigint): Promise<NotificationRecord | null> {
    const row = await this.prisma.notification.findUnique({ where: { id }, select: SELECT });
    return row ? toRecord(row) : null;
  }

  /** The new row, or null when what it announces is already gone. */
  async create(notification: NewNotification): Promise<NotificationRecord | null> {
    try {
      return toRecord(await this.prisma.notification.create({ data: notification, select: SELECT }));
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
  }

  /** Of these accounts, the ones that muted the conversation. */
  async mutedBy(conversationId: bigint, accountIds: readonly bigint[]): Promise<Set<bigint>> {
    if (accountIds.length === 0) return new Set();
    const rows = await this.prisma.conversationMute.findMany({
      where: { conversationId, accountId: { in: [...accountIds] } },
      select: { accountId: true },
    });
    return new Set(rows.map((row) => row.accountId));
  }

  /** A page of an account's notifications, newest first. */
  async list(accountId: bigint, filter: NotificationFilter, page: PageRequest): Promise<NotificationRecord[]> {
    if (page.limit === 0 || filter.types?.length === 0) return [];
    const window = idWindow(page);
    const rows = await this.prisma.notification.findMany({
      where: {
        accountId,
        id: window.where,
        ...(filter.types ? { type: { in: filter.types } } : {}),
        ...(filter.fromAccountId !== null ? { fromAccountId: filter.fromAccountId } : {}),
      },
      orderBy: { id: window.order },
      take: page.limit,
      select: SELECT,
    });
    return newestFirst(rows, page).map(toRecord);
  }

  /** Notifications newer than `afterId` (all when null), counted up to `limit`. */
  async countAfter(accountId: bigint, afterId: bigint | null, types: DbNotificationType[] | null, limit: number): Promise<number> {
    const rows = await this.prisma.notification.findMany({
      where: { accountId, ...(afterId !== null ? { id: { gt: afterId } } : {}), ...(types ? { type: { in: types } } : {}) },
      select: { id: true },
      take: limit,
    });
    return rows.length;
  }

  /** True when the account's notification existed. */
  async dismiss(accountId: bigint, id: bigint): Promise<boolean> {
    const { count } = await this.prisma.notification.deleteMany({ where: { id, accountId } });
    return count > 0;
  }

  async clear(accountId: bigint): Promise<void> {
    await this.prisma.notification.deleteMany({ where: { accountId } });
  }

  /**
   * Ends the status's poll once, when due: marks it ended and writes its
   * notifications (to the author when someone voted, and to every voter) in
   * one transaction. Null when the poll is not due yet; [] when it is gone or
   * already ended, so a repeated job does nothing.
   */
  endPoll(statusId: bigint): Promise<NotificationRecord[] | null> {
    return this.prisma.$transaction(async (tx) => {
      const ended = await tx.$queryRaw<Array<{ id: bigint; status_id: bigint; account_id: bigint }>>`
        UPDATE polls SET ended_at = now()
        WHERE status_id = ${statusId}::bigint AND ended_at IS NULL AND expires_at <= now()
        RETURNING id, status_id, account_id`;
      const poll = ended[0];
      if (!poll) {
        const pending = await tx.poll.count({ where: { statusId, endedAt: null } });
        return pending > 0 ? null : [];
      }
      const voters = await tx.pollVote.findMany({ where: { pollId: poll.id }, distinct: ['accountId'], select: { accountId: true }, orderBy: { accountId: 'asc' } });
      // As for every notification about a status: none to whoever muted its conversation.
      const muted = await tx.conversationMute.findMany({
        where: { conversation: { statuses: { some: { id: poll.status_id } } } },
        select: { accountId: true },
      });
      const mutedIds = new Set(muted.map((mute) => mute.accountId));
      const recipients = [
        ...(voters.length > 0 ? [poll.account_id] : []),
        ...voters.map((vote) => vote.accountId).filter((accountId) => accountId !== poll.account_id),
      ].filter((accountId) => !mutedIds.has(accountId));
      const created: NotificationRecord[] = [];
      for (const accountId of recipients) {
        created.push(
          toRecord(
            await tx.notification.create({
              data: { accountId, fromAccountId: poll.account_id, type: 'poll', statusId: poll.status_id },
              select: SELECT,
            }),
          ),
        );
      }
      return created;
    });
  }
}
