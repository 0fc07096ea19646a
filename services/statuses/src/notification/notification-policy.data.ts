import { isUniqueViolation, col, sqlOf, statement, type NotificationPolicyAction, type PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';
import { SENDER_AVAILABLE } from './notification.data.js';

export type PolicyAction = NotificationPolicyAction;

/** What the policy does with each kind of sender (docs/api/notification-policy.md). */
export interface PolicyRecord {
  forNotFollowing: PolicyAction;
  forNotFollowers: PolicyAction;
  forNewAccounts: PolicyAction;
  forPrivateMentions: PolicyAction;
  forLimitedAccounts: PolicyAction;
}

/** An account without a policy row has Mastodon's defaults: private mentions and limited accounts filtered. */
export const DEFAULT_POLICY: PolicyRecord = {
  forNotFollowing: 'accept',
  forNotFollowers: 'accept',
  forNewAccounts: 'accept',
  forPrivateMentions: 'filter',
  forLimitedAccounts: 'filter',
};

const POLICY_SELECT = { forNotFollowing: true, forNotFollowers: true, forNewAccounts: true, forPrivateMentions: true, forLimitedAccounts: true } as const;

/** How one recipient stands to one sender, what the policy decides on. */
export interface RecipientFacts {
  policy: PolicyRecord;
  /** The recipient accepted a request from the sender. */
  permitted: boolean;
  /** The recipient follows the sender. */
  following: boolean;
  /** The sender has followed the recipient for 3 days or more. */
  followedBy: boolean;
}

export interface SenderFacts {
  createdAt: Date;
  /** A moderator or admin (a role with administrator, manage_users or manage_reports). */
  staff: boolean;
  /** Limited (silenced) by a moderator (docs/api/moderation.md#limiting). */
  limited: boolean;
}

export interface RequestRecord {
  id: bigint;
  accountId: bigint;
  fromAccountId: bigint;
  lastStatusId: bigint | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A follow this recent does not count as the sender following the recipient (Mastodon's not_followers rule). */
const FOLLOWER_MIN_AGE_MS = 3 * 24 * 3600 * 1000;
/** Mastodon stops counting requests here (MAX_MEANINGFUL_COUNT). */
const SUMMARY_CAP = 100;
/** Role bits that make a sender staff: administrator, manage_reports, manage_users (docs/api/moderation.md#roles). */
const STAFF_BITS = (1n << 0n) | (1n << 4n) | (1n << 10n);

const action = col.nullable(col.enumText<PolicyAction>());

/**
 * The facts of one sender (its age, staff role, whether it is limited) and its recipients (their policies, whether each accepted the sender's
 * requests, follows it, is followed by it for 3 days or more), one row per recipient; none when
 * the sender is gone. A recipient without a policy row has null actions: the defaults.
 */
const FACTS = statement(
  'statuses.notificationPolicyFacts',
  ['bigint', 'bigint[]', 'text'],
  {
    accountId: col.bigint,
    forNotFollowing: action,
    forNotFollowers: action,
    forNewAccounts: action,
    forPrivateMentions: action,
    forLimitedAccounts: action,
    permitted: col.bool,
    following: col.bool,
    followedBy: col.bool,
    senderCreatedAt: col.timestamp,
    senderPermissions: col.text,
    senderLimited: col.bool,
  },
  `SELECT r.id AS "accountId",
    p.for_not_following::text AS "forNotFollowing", p.for_not_followers::text AS "forNotFollowers", p.for_new_accounts::text AS "forNewAccounts",
    p.for_private_mentions::text AS "forPrivateMentions", p.for_limited_accounts::text AS "forLimitedAccounts",
    EXISTS (SELECT 1 FROM notification_permissions np WHERE np.account_id = r.id AND np.from_account_id = $1::bigint) AS permitted,
    EXISTS (SELECT 1 FROM follows f WHERE f.account_id = r.id AND f.target_account_id = $1::bigint) AS following,
    EXISTS (SELECT 1 FROM follows f WHERE f.account_id = $1::bigint AND f.target_account_id = r.id AND f.created_at <= $3::timestamp) AS "followedBy",
    sender.created_at AS "senderCreatedAt", sender.permissions AS "senderPermissions", sender.limited AS "senderLimited"
  FROM unnest($2::bigint[]) AS r(id)
  CROSS JOIN (
    SELECT a.created_at, COALESCE(ur.permissions, 0)::text AS permissions, a.silenced_at IS NOT NULL AS limited
    FROM accounts a LEFT JOIN users u ON u.account_id = a.id LEFT JOIN user_roles ur ON ur.id = u.role_id
    WHERE a.id = $1::bigint
  ) sender
  LEFT JOIN notification_policies p ON p.account_id = r.id`,
);

/**
 * The recipient's ($1) filtered notifications from each of these senders ($2),
 * a suspended sender's left out: its requests are then neither listed nor
 * counted, as its notifications are not (docs/api/notification-policy.md#requests).
 */
const FILTERED_COUNTS = statement(
  'statuses.filteredNotificationCounts',
  ['bigint', 'bigint[]'],
  { fromAccountId: col.bigint, n: col.int },
  `SELECT n.from_account_id AS "fromAccountId", count(*)::int AS n FROM notifications n
  WHERE n.account_id = $1::bigint AND n.filtered AND n.from_account_id = ANY($2::bigint[]) AND ${SENDER_AVAILABLE}
  GROUP BY n.from_account_id`,
);

/** Notification policies, requests and permissions (docs/api/notification-policy.md). */
export class NotificationPolicyData {
  constructor(private readonly prisma: PrismaClient) {}

  async find(accountId: bigint): Promise<PolicyRecord> {
    return (await this.prisma.notificationPolicy.findUnique({ where: { accountId }, select: POLICY_SELECT })) ?? DEFAULT_POLICY;
  }

  async update(accountId: bigint, changes: Partial<PolicyRecord>): Promise<PolicyRecord> {
    const upsert = () => this.prisma.notificationPolicy.upsert({ where: { accountId }, create: { accountId, ...changes }, update: changes, select: POLICY_SELECT });
    try {
      return await upsert();
    } catch (error) {
      // Two first changes at once: both found no row and one insert lost; the row exists now, so this one updates it.
      if (isUniqueViolation(error)) return upsert();
      throw error;
    }
  }

  /** Pending (not dismissed) requests, and their filtered notifications, each counted up to 100 requests. */
  async summary(accountId: bigint): Promise<{ requests: number; notifications: number }> {
    const requests = await this.prisma.notificationRequest.findMany({ where: { accountId, dismissed: false }, select: { fromAccountId: true }, orderBy: { id: 'desc' }, take: SUMMARY_CAP });
    // A request whose filtered notifications are all gone is not listed (NotificationPolicyService.toRequests): nor counted.
    const counts = [...(await this.counts(accountId, requests.map((request) => request.fromAccountId))).values()];
    return { requests: counts.length, notifications: counts.reduce((sum, count) => sum + count, 0) };
  }

  /**
   * What the policy decides on, in one statement: the sender (null when gone) and each
   * recipient's policy and standing with it.
   */
  async facts(fromAccountId: bigint, accountIds: readonly bigint[]): Promise<{ sender: SenderFacts | null; recipients: Map<bigint, RecipientFacts> }> {
    const followedSince = new Date(Date.now() - FOLLOWER_MIN_AGE_MS).toISOString();
    const rows = await sqlOf(this.prisma).query(FACTS, fromAccountId, [...accountIds], followedSince);
    if (rows.length === 0) return { sender: null, recipients: new Map() };
    const sender: SenderFacts = {
      createdAt: rows[0].senderCreatedAt,
      staff: (BigInt(rows[0].senderPermissions) & STAFF_BITS) !== 0n,
      limited: rows[0].senderLimited,
    };
    const recipients = new Map<bigint, RecipientFacts>();
    for (const row of rows) {
      const policy: PolicyRecord =
        row.forNotFollowing === null
          ? DEFAULT_POLICY
          : {
              forNotFollowing: row.forNotFollowing,
              forNotFollowers: row.forNotFollowers as PolicyAction,
              forNewAccounts: row.forNewAccounts as PolicyAction,
              forPrivateMentions: row.forPrivateMentions as PolicyAction,
              forLimitedAccounts: row.forLimitedAccounts as PolicyAction,
            };
      recipients.set(row.accountId, { policy, permitted: row.permitted, following: row.following, followedBy: row.followedBy });
    }
    return { sender, recipients };
  }

  /**
   * Of these recipients, those a direct status answers in a thread where they
   * privately mentioned the sender: it replies to their status mentioning the sender.
   */
  async privateThreads(inReplyToId: bigint | null, fromAccountId: bigint, accountIds: readonly bigint[]): Promise<Set<bigint>> {
    if (inReplyToId === null) return new Set();
    const parent = await this.prisma.status.findFirst({
      where: { id: inReplyToId, accountId: { in: [...accountIds] }, visibility: 'direct', mentions: { some: { accountId: fromAccountId } } },
      select: { accountId: true },
    });
    return new Set(parent ? [parent.accountId] : []);
  }

  /** Opens (or refreshes) the recipient's request from the sender; a dismissed one stays dismissed. */
  async upsertRequest(accountId: bigint, fromAccountId: bigint, lastStatusId: bigint | null): Promise<void> {
    await this.prisma.notificationRequest.upsert({
      where: { accountId_fromAccountId: { accountId, fromAccountId } },
      create: { accountId, fromAccountId, lastStatusId },
      update: lastStatusId === null ? { updatedAt: new Date() } : { lastStatusId },
    });
  }

  /** A page of the account's pending requests, newest first. */
  async list(accountId: bigint, page: PageRequest): Promise<RequestRecord[]> {
    if (page.limit === 0) return [];
    const window = idWindow(page);
    const rows = await this.prisma.notificationRequest.findMany({
      where: { accountId, dismissed: false, id: window.where },
      orderBy: { id: window.order },
      take: page.limit,
    });
    return newestFirst(rows, page);
  }

  /** The account's request (pending or dismissed); null for anyone else's. */
  findRequest(accountId: bigint, id: bigint): Promise<RequestRecord | null> {
    return this.prisma.notificationRequest.findFirst({ where: { id, accountId } });
  }

  /** How many filtered notifications each sender has for the account; a suspended sender has none. */
  async counts(accountId: bigint, fromAccountIds: readonly bigint[]): Promise<Map<bigint, number>> {
    if (fromAccountIds.length === 0) return new Map();
    const rows = await sqlOf(this.prisma).query(FILTERED_COUNTS, accountId, [...fromAccountIds]);
    return new Map(rows.map((row) => [row.fromAccountId, row.n]));
  }

  /**
   * Accepts the account's requests with these ids (others are ignored): the
   * senders get a permission, their notifications are no longer filtered, the
   * requests go. One transaction, so the list shows them once this returns.
   */
  async accept(accountId: bigint, ids: readonly bigint[]): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      const requests = await tx.notificationRequest.findMany({ where: { accountId, id: { in: [...ids] } }, select: { fromAccountId: true } });
      const senders = requests.map((request) => request.fromAccountId);
      if (senders.length === 0) return 0;
      await tx.notificationPermission.createMany({ data: senders.map((fromAccountId) => ({ accountId, fromAccountId })), skipDuplicates: true });
      await tx.notification.updateMany({ where: { accountId, filtered: true, fromAccountId: { in: senders } }, data: { filtered: false } });
      await tx.notificationRequest.deleteMany({ where: { accountId, fromAccountId: { in: senders } } });
      return senders.length;
    });
  }

  /** Dismisses the account's requests with these ids: no longer listed or counted; their notifications stay filtered. */
  async dismiss(accountId: bigint, ids: readonly bigint[]): Promise<number> {
    const { count } = await this.prisma.notificationRequest.updateMany({ where: { accountId, id: { in: [...ids] } }, data: { dismissed: true } });
    return count;
  }
}
