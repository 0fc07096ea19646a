import type { NotificationPolicyAction, PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

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

/** Notification policies, requests and permissions (docs/api/notification-policy.md). */
export class NotificationPolicyData {
  constructor(private readonly prisma: PrismaClient) {}

  async find(accountId: bigint): Promise<PolicyRecord> {
    return (await this.prisma.notificationPolicy.findUnique({ where: { accountId }, select: POLICY_SELECT })) ?? DEFAULT_POLICY;
  }

  update(accountId: bigint, changes: Partial<PolicyRecord>): Promise<PolicyRecord> {
    return this.prisma.notificationPolicy.upsert({ where: { accountId }, create: { accountId, ...changes }, update: changes, select: POLICY_SELECT });
  }

  /** Pending (not dismissed) requests, and their filtered notifications, each counted up to 100 requests. */
  async summary(accountId: bigint): Promise<{ requests: number; notifications: number }> {
    const requests = await this.prisma.notificationRequest.findMany({ where: { accountId, dismissed: false }, select: { fromAccountId: true }, orderBy: { id: 'desc' }, take: SUMMARY_CAP });
    // A request whose filtered notifications are all gone is not listed (NotificationPolicyService.toRequests): nor counted.
    const counts = [...(await this.counts(accountId, requests.map((request) => request.fromAccountId))).values()];
    return { requests: counts.length, notifications: counts.reduce((sum, count) => sum + count, 0) };
  }

  async sender(fromAccountId: bigint): Promise<SenderFacts | null> {
    const account = await this.prisma.account.findUnique({
      where: { id: fromAccountId },
      select: { createdAt: true, silencedAt: true, user: { select: { role: { select: { permissions: true } } } } },
    });
    if (!account) return null;
    const bits = BigInt(account.user?.role?.permissions ?? 0);
    return { createdAt: account.createdAt, staff: (bits & STAFF_BITS) !== 0n, limited: account.silencedAt !== null };
  }

  /** Each recipient's policy and standing with the sender. */
  async recipients(fromAccountId: bigint, accountIds: readonly bigint[]): Promise<Map<bigint, RecipientFacts>> {
    const ids = [...accountIds];
    const followedSince = new Date(Date.now() - FOLLOWER_MIN_AGE_MS);
    const [policies, permissions, following, followedBy] = await Promise.all([
      this.prisma.notificationPolicy.findMany({ where: { accountId: { in: ids } }, select: { accountId: true, ...POLICY_SELECT } }),
      this.prisma.notificationPermission.findMany({ where: { accountId: { in: ids }, fromAccountId }, select: { accountId: true } }),
      this.prisma.follow.findMany({ where: { accountId: { in: ids }, targetAccountId: fromAccountId }, select: { accountId: true } }),
      this.prisma.follow.findMany({ where: { accountId: fromAccountId, targetAccountId: { in: ids }, createdAt: { lte: followedSince } }, select: { targetAccountId: true } }),
    ]);
    const has = (rows: Array<{ accountId: bigint }>) => new Set(rows.map((row) => row.accountId));
    const [permitted, follows] = [has(permissions), has(following)];
    const followers = new Set(followedBy.map((row) => row.targetAccountId));
    const byAccount = new Map(policies.map(({ accountId, ...policy }) => [accountId, policy]));
    return new Map(
      ids.map((id) => [id, { policy: byAccount.get(id) ?? DEFAULT_POLICY, permitted: permitted.has(id), following: follows.has(id), followedBy: followers.has(id) }]),
    );
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

  /** How many filtered notifications each sender has for the account. */
  async counts(accountId: bigint, fromAccountIds: readonly bigint[]): Promise<Map<bigint, number>> {
    if (fromAccountIds.length === 0) return new Map();
    const rows = await this.prisma.notification.groupBy({
      by: ['fromAccountId'],
      where: { accountId, filtered: true, fromAccountId: { in: [...fromAccountIds] } },
      _count: { _all: true },
    });
    return new Map(rows.map((row) => [row.fromAccountId, row._count._all]));
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
