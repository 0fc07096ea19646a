import { isForeignKeyViolation, col, Entity, sqlOf, statement, type NotificationType as DbNotificationType, type PrismaClient } from '@social/db';
import { LIVE_MUTE } from '../block/live-mute.js';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

export interface NotificationRecord {
  id: bigint;
  accountId: bigint;
  fromAccountId: bigint;
  type: string;
  statusId: bigint | null;
  /** Held back by the recipient's notification policy (docs/api/notification-policy.md). */
  filtered: boolean;
  createdAt: Date;
}

export interface NewNotification {
  accountId: bigint;
  fromAccountId: bigint;
  type: DbNotificationType;
  statusId?: bigint | null;
  favouriteId?: bigint | null;
  followId?: bigint | null;
  followRequestId?: bigint | null;
  reportId?: bigint | null;
  /** Held back by the recipient's notification policy. */
  filtered?: boolean;
}

/** Which of an account's notifications a list shows (Notification.browserable). */
export interface NotificationFilter {
  /** Null: every type. */
  types: DbNotificationType[] | null;
  fromAccountId: bigint | null;
  /** Whether notifications the policy filtered are listed too (docs/api/notification-policy.md). */
  includeFiltered: boolean;
}

const SELECT = {
  id: true, accountId: true, fromAccountId: true, type: true, statusId: true, filtered: true, createdAt: true,
  favourite: { select: { statusId: true } },
} as const;

type Row = Omit<NotificationRecord, 'statusId'> & { statusId: bigint | null; favourite: { statusId: bigint } | null };

/** A favourite notification's status is the favourite's (see NotificationRecorder.favourited). */
function toRecord({ favourite, ...row }: Row): NotificationRecord {
  return { ...row, statusId: row.statusId ?? favourite?.statusId ?? null };
}

/** The notifications columns the raw reads select (the status id is added by each: see STATUS_ID). */
const NOTIFICATION = new Entity({
  id: ['id', col.bigint],
  accountId: ['account_id', col.bigint],
  fromAccountId: ['from_account_id', col.bigint],
  type: ['type', col.enumText<DbNotificationType>()],
  filtered: ['filtered', col.bool],
  createdAt: ['created_at', col.timestamp],
});

/** The row's status, or for a favourite notification its favourite's (joined as f). */
const STATUS_ID = `coalesce(n.status_id, f.status_id) AS "statusId"`;
const RECORD = { ...NOTIFICATION.shape, statusId: col.nullable(col.bigint) };

/** One statement for the recorder's three refusals (three queries before), on every favourite, boost, mention and follow. */
const SILENCED = statement(
  'statuses.notificationSilenced',
  ['bigint[]', 'bigint?', 'bigint'],
  { accountId: col.bigint },
  `SELECT r.id AS "accountId" FROM unnest($1::bigint[]) AS r(id)
  WHERE EXISTS (SELECT 1 FROM conversation_mutes cm WHERE cm.conversation_id = $2::bigint AND cm.account_id = r.id)
    OR EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = r.id AND b.target_account_id = $3::bigint)
    OR EXISTS (SELECT 1 FROM mutes m WHERE m.account_id = r.id AND m.target_account_id = $3::bigint AND m.hide_notifications AND ${LIVE_MUTE})`,
);

const BY_ID = statement(
  'statuses.notificationById',
  ['bigint'],
  RECORD,
  `SELECT ${NOTIFICATION.select('n')}, ${STATUS_ID}
  FROM notifications n LEFT JOIN favourites f ON f.id = n.favourite_id
  WHERE n.id = $1::bigint`,
);

/** Senders whose notifications the recipient ($1) does not see: accounts they block, and those they mute with notifications. */
export const SILENCED_SENDERS = `(
  SELECT target_account_id FROM blocks WHERE account_id = $1::bigint
  UNION ALL SELECT target_account_id FROM mutes
  WHERE account_id = $1::bigint AND hide_notifications AND (expires_at IS NULL OR expires_at > now())
)`;

/** The sender of the notification `n` is not suspended: nothing of a suspended account shows (docs/api/moderation.md#suspending). */
export const SENDER_AVAILABLE = 'NOT EXISTS (SELECT 1 FROM accounts sa WHERE sa.id = n.from_account_id AND sa.suspended_at IS NOT NULL)';

/**
 * A page of an account's notifications, the favourite's status joined in
 * (through Prisma's include it was a second query, run even with no
 * favourite to look up). Absent bounds are the id range's ends, so the
 * bounds stay conditions of the (account_id, id) index in a generic plan.
 */
function pageStatement(order: 'asc' | 'desc') {
  return statement(
    order === 'desc' ? 'statuses.notificationsNewest' : 'statuses.notificationsOldest',
    ['bigint', 'bigint?', 'bigint?', 'text[]?', 'bigint?', 'int', 'int'],
    RECORD,
    `SELECT ${NOTIFICATION.select('n')}, ${STATUS_ID}
    FROM notifications n LEFT JOIN favourites f ON f.id = n.favourite_id
    WHERE n.account_id = $1::bigint
      AND n.id < coalesce($2::bigint, 9223372036854775807) AND n.id > coalesce($3::bigint, 0)
      AND ($4::text[] IS NULL OR n.type::text = ANY($4::text[]))
      AND ($5::bigint IS NULL OR n.from_account_id = $5::bigint)
      AND n.from_account_id NOT IN ${SILENCED_SENDERS} AND ${SENDER_AVAILABLE}
      AND (NOT n.filtered OR $7::int = 1)
    ORDER BY n.id ${order.toUpperCase()}
    LIMIT $6::int`,
  );
}
const PAGE = { desc: pageStatement('desc'), asc: pageStatement('asc') };

/** How many notifications the page would list after $2, up to $4 (the unread count): the page's conditions, counted. */
const COUNT_AFTER = statement(
  'statuses.notificationsCountAfter',
  ['bigint', 'bigint?', 'text[]?', 'int'],
  { n: col.int },
  `SELECT count(*)::int AS n FROM (
    SELECT 1 FROM notifications n
    WHERE n.account_id = $1::bigint AND NOT n.filtered AND n.id > coalesce($2::bigint, 0)
      AND ($3::text[] IS NULL OR n.type::text = ANY($3::text[]))
      AND n.from_account_id NOT IN ${SILENCED_SENDERS} AND ${SENDER_AVAILABLE}
    LIMIT $4::int) counted`,
);

/**
 * The notifications table. Each row points at what it announces (status,
 * favourite or follow) with ON DELETE CASCADE, so undoing the action removes
 * the notification in the same statement, and a notification for an action
 * undone meanwhile is refused by the foreign key.
 */
/** A poll-end job this early found a deadline an edit moved, not a clock apart. */
const POLL_DEADLINE_MOVED_MS = 60_000;

export class NotificationData {
  constructor(private readonly prisma: PrismaClient) {}

  async findById(id: bigint): Promise<NotificationRecord | null> {
    const [row] = await sqlOf(this.prisma).query(BY_ID, id);
    return row ?? null;
  }

  /**
   * The new row's id and recipient (what its announcement needs), or null when what it announces is already gone.
   * Selecting columns of the row only makes it one INSERT ... RETURNING; a relation in the select costs a transaction and two reads more.
   */
  async create(notification: NewNotification): Promise<Pick<NotificationRecord, 'id' | 'accountId'> | null> {
    try {
      return await this.prisma.notification.create({ data: notification, select: { id: true, accountId: true } });
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
  }

  /**
   * Of these recipients, those who get no notification from the sender
   * (SILENCED): they muted the status's conversation, block the sender, or
   * mute it with notifications (docs/api/safety.md#where-they-apply).
   */
  async silenced(conversationId: bigint | null, fromAccountId: bigint, accountIds: readonly bigint[]): Promise<Set<bigint>> {
    if (accountIds.length === 0) return new Set();
    const rows = await sqlOf(this.prisma).query(SILENCED, accountIds, conversationId, fromAccountId);
    return new Set(rows.map((row) => row.accountId));
  }

  /** A page of an account's notifications, newest first. */
  async list(accountId: bigint, filter: NotificationFilter, page: PageRequest): Promise<NotificationRecord[]> {
    if (page.limit === 0 || filter.types?.length === 0) return [];
    const window = idWindow(page);
    const rows = await sqlOf(this.prisma).query(
      PAGE[window.order],
      accountId,
      window.where.lt ?? null,
      window.where.gt ?? null,
      filter.types,
      filter.fromAccountId,
      page.limit,
      filter.includeFiltered ? 1 : 0,
    );
    return newestFirst(rows, page);
  }

  /** Notifications newer than `afterId` (all when null), counted up to `limit`. */
  async countAfter(accountId: bigint, afterId: bigint | null, types: DbNotificationType[] | null, limit: number): Promise<number> {
    // The page leaves out silenced and suspended senders: the count does too.
    const [row] = await sqlOf(this.prisma).query(COUNT_AFTER, accountId, afterId, types, limit);
    return row?.n ?? 0;
  }

  /** True when the account's notification existed. */
  async dismiss(accountId: bigint, id: bigint): Promise<boolean> {
    const { count } = await this.prisma.notification.deleteMany({ where: { id, accountId } });
    return count > 0;
  }

  /** The reports admin.report notifications announce, by notification id. */
  async reportIds(ids: readonly bigint[]): Promise<Map<bigint, bigint>> {
    const rows = await this.prisma.notification.findMany({ where: { id: { in: [...ids] }, reportId: { not: null } }, select: { id: true, reportId: true } });
    return new Map(rows.map((row) => [row.id, row.reportId as bigint]));
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
  endPoll(statusId: bigint): Promise<NotificationRecord[] | null | 'moved'> {
    return this.prisma.$transaction(async (tx) => {
      const ended = await tx.$queryRaw<Array<{ id: bigint; status_id: bigint; account_id: bigint }>>`
        UPDATE polls SET ended_at = now()
        WHERE status_id = ${statusId}::bigint AND ended_at IS NULL AND expires_at <= now()
        RETURNING id, status_id, account_id`;
      const poll = ended[0];
      if (!poll) {
        const pending = await tx.poll.findUnique({ where: { statusId }, select: { endedAt: true, expiresAt: true } });
        if (!pending || pending.endedAt) return [];
        // Far from due: an edit moved the deadline (its own job ends the poll then); near it, a clock apart is retried.
        return pending.expiresAt && pending.expiresAt.getTime() - Date.now() > POLL_DEADLINE_MOVED_MS ? 'moved' : null;
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
