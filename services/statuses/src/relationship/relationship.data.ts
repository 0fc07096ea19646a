import { Prisma, type PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

export interface FollowRecord {
  accountId: bigint;
  targetAccountId: bigint;
  showReblogs: boolean;
  notify: boolean;
}

export interface FollowOptions {
  reblogs: boolean | null;
  notify: boolean | null;
}

/** One row of a follow list: the follow's id (the page cursor) and the account on the other side. */
export interface FollowListRow {
  followId: bigint;
  accountId: bigint;
}

type Transaction = Prisma.TransactionClient;

/**
 * The follow graph (this subgraph owns the follows table) and the follow
 * counters in account_stats, always changed in the same transaction.
 */
export class RelationshipData {
  constructor(private readonly prisma: PrismaClient) {}

  /** For each "viewer:author" pair, whether the viewer follows the author. */
  async follows(pairs: readonly string[]): Promise<boolean[]> {
    const parsed = pairs.map((pair) => pair.split(':').map(BigInt) as [bigint, bigint]);
    const rows = await this.prisma.follow.findMany({
      where: { OR: parsed.map(([accountId, targetAccountId]) => ({ accountId, targetAccountId })) },
      select: { accountId: true, targetAccountId: true },
    });
    const found = new Set(rows.map((row) => `${row.accountId}:${row.targetAccountId}`));
    return pairs.map((pair) => found.has(pair));
  }

  /**
   * Of these accounts, the ids that exist and are not suspended (read-only
   * from identity's table, as the usernames are).
   */
  async existingAccounts(ids: readonly bigint[]): Promise<Set<bigint>> {
    if (ids.length === 0) return new Set();
    const rows = await this.prisma.account.findMany({ where: { id: { in: [...ids] }, suspendedAt: null }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Follows, or changes the options of an existing follow. A new follow adds
   * one to both counters; a concurrent duplicate waits on the unique index
   * and then only updates options, so the counters stay exact. The new
   * follow's id, or null when it existed.
   */
  follow(accountId: bigint, targetAccountId: bigint, options: FollowOptions): Promise<bigint | null> {
    return this.prisma.$transaction(async (tx) => {
      const inserted = await tx.$queryRaw<Array<{ id: bigint }>>`
        INSERT INTO follows (account_id, target_account_id, show_reblogs, notify, created_at)
        VALUES (${accountId}::bigint, ${targetAccountId}::bigint, ${options.reblogs ?? true}, ${options.notify ?? false}, now())
        ON CONFLICT (account_id, target_account_id) DO NOTHING
        RETURNING id`;
      if (inserted.length === 0) {
        const changes = {
          ...(options.reblogs === null ? {} : { showReblogs: options.reblogs }),
          ...(options.notify === null ? {} : { notify: options.notify }),
        };
        if (Object.keys(changes).length > 0) {
          await tx.follow.updateMany({ where: { accountId, targetAccountId }, data: changes });
        }
        return null;
      }
      await addToCounters(tx, accountId, targetAccountId, 1);
      return inserted[0].id;
    });
  }

  /** Unfollows; false when there was no follow. */
  unfollow(accountId: bigint, targetAccountId: bigint): Promise<boolean> {
    return this.prisma.$transaction((tx) => removeFollow(tx, accountId, targetAccountId));
  }

  /** The viewer's follows of these accounts, and these accounts' follows of the viewer. */
  async between(viewerId: bigint, ids: readonly bigint[]): Promise<{ following: FollowRecord[]; followedBy: Set<bigint> }> {
    const [following, followedBy] = await Promise.all([
      this.prisma.follow.findMany({
        where: { accountId: viewerId, targetAccountId: { in: [...ids] } },
        select: { accountId: true, targetAccountId: true, showReblogs: true, notify: true },
      }),
      this.prisma.follow.findMany({ where: { accountId: { in: [...ids] }, targetAccountId: viewerId }, select: { accountId: true } }),
    ]);
    return { following, followedBy: new Set(followedBy.map((row) => row.accountId)) };
  }

  /** The viewer's private notes on these accounts, by account (docs/api/accounts.md#private-notes). */
  async notesOn(viewerId: bigint, ids: readonly bigint[]): Promise<Map<bigint, string>> {
    const rows = await this.prisma.accountNote.findMany({ where: { accountId: viewerId, targetAccountId: { in: [...ids] } }, select: { targetAccountId: true, comment: true } });
    return new Map(rows.map((row) => [row.targetAccountId, row.comment]));
  }

  /** Of these accounts, those the viewer endorses (docs/api/accounts.md#endorsements). */
  async endorsedOf(viewerId: bigint, ids: readonly bigint[]): Promise<Set<bigint>> {
    const rows = await this.prisma.accountPin.findMany({ where: { accountId: viewerId, targetAccountId: { in: [...ids] } }, select: { targetAccountId: true } });
    return new Set(rows.map((row) => row.targetAccountId));
  }

  /** Writes the viewer's note on an account, replacing the one there was. */
  async setNote(accountId: bigint, targetAccountId: bigint, comment: string): Promise<void> {
    await this.prisma.accountNote.upsert({
      where: { accountId_targetAccountId: { accountId, targetAccountId } },
      create: { accountId, targetAccountId, comment },
      update: { comment, updatedAt: new Date() },
    });
  }

  /** Removes the viewer's note on an account, if there is one. */
  async clearNote(accountId: bigint, targetAccountId: bigint): Promise<void> {
    await this.prisma.accountNote.deleteMany({ where: { accountId, targetAccountId } });
  }

  /** For each of these accounts, its unsuspended followers whom the viewer follows, newest follow first. */
  async familiarFollowers(viewerId: bigint, ids: readonly bigint[]): Promise<Map<bigint, bigint[]>> {
    const familiar = new Map<bigint, bigint[]>();
    if (ids.length === 0) return familiar;
    const rows = await this.prisma.$queryRaw<Array<{ target_account_id: bigint; account_id: bigint }>>`
      SELECT f.target_account_id, f.account_id
      FROM follows f
        JOIN follows mine ON mine.account_id = ${viewerId}::bigint AND mine.target_account_id = f.account_id
        JOIN accounts a ON a.id = f.account_id AND a.suspended_at IS NULL
      WHERE f.target_account_id = ANY(${ids.map(String)}::text[]::bigint[])
      ORDER BY f.id DESC`;
    for (const row of rows) {
      const target = BigInt(row.target_account_id);
      familiar.set(target, [...(familiar.get(target) ?? []), BigInt(row.account_id)]);
    }
    return familiar;
  }

  /** Who follows the account (side "followers") or whom it follows ("following"), newest follow first, suspended accounts left out. */
  async list(side: 'followers' | 'following', accountId: bigint, page: PageRequest): Promise<FollowListRow[]> {
    if (page.limit === 0) return [];
    const [mine, theirs] = side === 'followers' ? ['target_account_id', 'account_id'] : ['account_id', 'target_account_id'];
    const window = idWindow(page);
    const rows = await this.prisma.$queryRaw<Array<{ follow_id: bigint; account_id: bigint }>>`
      SELECT f.id AS follow_id, f.${Prisma.raw(theirs)} AS account_id
      FROM follows f JOIN accounts a ON a.id = f.${Prisma.raw(theirs)}
      WHERE f.${Prisma.raw(mine)} = ${accountId}::bigint AND a.suspended_at IS NULL
        ${window.where.lt === undefined ? Prisma.empty : Prisma.sql`AND f.id < ${window.where.lt}::bigint`}
        ${window.where.gt === undefined ? Prisma.empty : Prisma.sql`AND f.id > ${window.where.gt}::bigint`}
      ORDER BY f.id ${Prisma.raw(window.order === 'asc' ? 'ASC' : 'DESC')}
      LIMIT ${page.limit}::int`;
    return newestFirst(rows.map((row) => ({ followId: BigInt(row.follow_id), accountId: BigInt(row.account_id) })), page);
  }
}

/** Removes a follow and its counts in the caller's transaction (unfollow, block); false when there was none. */
export async function removeFollow(tx: Transaction, accountId: bigint, targetAccountId: bigint): Promise<boolean> {
  const { count } = await tx.follow.deleteMany({ where: { accountId, targetAccountId } });
  if (count === 0) return false;
  // Only followed accounts are endorsed (docs/api/accounts.md#endorsements): an unfollow or a block ends the endorsement.
  await tx.accountPin.deleteMany({ where: { accountId, targetAccountId } });
  await addToCounters(tx, accountId, targetAccountId, -1);
  return true;
}

/**
 * following_count of the follower and followers_count of the followed, in one
 * statement each way. Rows are touched in id order (VALUES sorted; the
 * UPDATE walks the primary key), so two crossing follows lock them in the
 * same order and cannot deadlock. Counters never go below zero.
 */
async function addToCounters(tx: Transaction, accountId: bigint, targetAccountId: bigint, delta: 1 | -1): Promise<void> {
  if (delta === 1) {
    const rows = [
      Prisma.sql`(${accountId}::bigint, 1, 0)`,
      Prisma.sql`(${targetAccountId}::bigint, 0, 1)`,
    ];
    await tx.$executeRaw`
      INSERT INTO account_stats (account_id, following_count, followers_count)
      VALUES ${Prisma.join(accountId < targetAccountId ? rows : rows.reverse())}
      ON CONFLICT (account_id) DO UPDATE SET
        following_count = account_stats.following_count + EXCLUDED.following_count,
        followers_count = account_stats.followers_count + EXCLUDED.followers_count`;
    return;
  }
  await tx.$executeRaw`
    UPDATE account_stats SET
      following_count = GREATEST(following_count - CASE WHEN account_id = ${accountId}::bigint THEN 1 ELSE 0 END, 0),
      followers_count = GREATEST(followers_count - CASE WHEN account_id = ${targetAccountId}::bigint THEN 1 ELSE 0 END, 0)
    WHERE account_id IN (${accountId}::bigint, ${targetAccountId}::bigint)`;
}
