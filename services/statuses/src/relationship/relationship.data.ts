import { col, Prisma, sqlOf, statement, type PrismaClient, type RowOf } from '@social/db';
import { LIVE_MUTE } from '../block/live-mute.js';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

export interface FollowOptions {
  reblogs: boolean | null;
  notify: boolean | null;
  /** Null keeps the current languages (all, on a new follow); an empty list means all. */
  languages: string[] | null;
}

/** What following did: a new follow, a new follow request (a locked account), or options changed on an existing one. */
export type FollowOutcome = { kind: 'followed'; followId: bigint } | { kind: 'requested'; requestId: bigint } | { kind: 'unchanged' };

/** One row of a follow list: the follow's id (the page cursor) and the account on the other side. */
export interface FollowListRow {
  followId: bigint;
  accountId: bigint;
}

/** The viewer's relationship with one account, as the one statement reads it (docs/api/accounts.md#relationships). */
export type RelationshipRow = RowOf<typeof RELATIONSHIPS.shape>;

/**
 * Every field of the viewer's relationships with N accounts in one statement
 * (an index probe per account and table), in the order asked; unknown and
 * suspended accounts are left out. A pending request's options stand in for
 * the follow's, as Mastodon shows them.
 */
const RELATIONSHIPS = statement(
  'statuses.relationships',
  ['bigint', 'bigint[]'],
  {
    id: col.text, following: col.bool, requested: col.bool, showingReblogs: col.bool, notifying: col.bool, languages: col.nullable(col.json<string[]>()),
    followedBy: col.bool, requestedBy: col.bool, blocking: col.bool, blockedBy: col.bool, muting: col.bool, mutingNotifications: col.bool,
    mutingExpiresAt: col.nullable(col.timestamp), endorsed: col.bool, note: col.text,
  },
  `SELECT x.id::text AS id,
    f.id IS NOT NULL AS "following",
    r.id IS NOT NULL AS "requested",
    coalesce(f.show_reblogs, r.show_reblogs, FALSE) AS "showingReblogs",
    coalesce(f.notify, r.notify, FALSE) AS "notifying",
    to_json(CASE WHEN f.id IS NOT NULL THEN f.languages ELSE r.languages END)::text AS "languages",
    EXISTS (SELECT 1 FROM follows b WHERE b.account_id = x.id AND b.target_account_id = $1::bigint) AS "followedBy",
    EXISTS (SELECT 1 FROM follow_requests b WHERE b.account_id = x.id AND b.target_account_id = $1::bigint) AS "requestedBy",
    EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = $1::bigint AND b.target_account_id = x.id) AS "blocking",
    EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = x.id AND b.target_account_id = $1::bigint) AS "blockedBy",
    m.id IS NOT NULL AS "muting",
    coalesce(m.hide_notifications, FALSE) AS "mutingNotifications",
    m.expires_at AS "mutingExpiresAt",
    EXISTS (SELECT 1 FROM account_pins p WHERE p.account_id = $1::bigint AND p.target_account_id = x.id) AS "endorsed",
    coalesce(n.comment, '') AS "note"
  FROM unnest($2::bigint[]) WITH ORDINALITY AS x(id, position)
    JOIN accounts a ON a.id = x.id AND a.suspended_at IS NULL
    LEFT JOIN follows f ON f.account_id = $1::bigint AND f.target_account_id = x.id
    LEFT JOIN follow_requests r ON r.account_id = $1::bigint AND r.target_account_id = x.id
    LEFT JOIN mutes m ON m.account_id = $1::bigint AND m.target_account_id = x.id AND ${LIVE_MUTE}
    LEFT JOIN account_notes n ON n.account_id = $1::bigint AND n.target_account_id = x.id
  ORDER BY x.position`,
);

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
   * Follows, or changes the options of an existing follow or request. A
   * locked account gets a follow request instead (docs/api/follow-requests.md),
   * whose options the follow takes once authorized. A new follow adds one to
   * both counters; a concurrent duplicate waits on the unique index and then
   * only updates options, so the counters stay exact.
   */
  follow(accountId: bigint, targetAccountId: bigint, options: FollowOptions): Promise<FollowOutcome> {
    return this.prisma.$transaction(async (tx) => {
      if (await updateOptions(tx, 'follows', accountId, targetAccountId, options)) return { kind: 'unchanged' };
      const [target] = await tx.$queryRaw<Array<{ locked: boolean }>>`SELECT locked FROM accounts WHERE id = ${targetAccountId}::bigint`;
      if (target?.locked) {
        const requested = await tx.$queryRaw<Array<{ id: bigint }>>`
          INSERT INTO follow_requests (account_id, target_account_id, show_reblogs, notify, languages, created_at)
          VALUES (${accountId}::bigint, ${targetAccountId}::bigint, ${options.reblogs ?? true}, ${options.notify ?? false}, ${languagesOf(options)}::text[], now())
          ON CONFLICT (account_id, target_account_id) DO NOTHING
          RETURNING id`;
        if (requested.length > 0) return { kind: 'requested', requestId: requested[0].id };
        await updateOptions(tx, 'follow_requests', accountId, targetAccountId, options);
        return { kind: 'unchanged' };
      }
      const followId = await insertFollow(tx, accountId, targetAccountId, { showReblogs: options.reblogs ?? true, notify: options.notify ?? false, languages: languagesOf(options) });
      if (followId === null) {
        await updateOptions(tx, 'follows', accountId, targetAccountId, options);
        return { kind: 'unchanged' };
      }
      return { kind: 'followed', followId };
    });
  }

  /** Unfollows, or withdraws a pending request; false when there was neither. */
  unfollow(accountId: bigint, targetAccountId: bigint): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const withdrawn = await removeRequests(tx, accountId, targetAccountId);
      return (await removeFollow(tx, accountId, targetAccountId)) || withdrawn;
    });
  }

  /**
   * Turns a pending request into a follow with its options; the follow's id,
   * or null when there was no request (or the follow already existed).
   */
  authorize(accountId: bigint, targetAccountId: bigint): Promise<{ found: boolean; followId: bigint | null }> {
    return this.prisma.$transaction(async (tx) => {
      const [request] = await tx.$queryRaw<Array<{ show_reblogs: boolean; notify: boolean; languages: string[] | null }>>`
        DELETE FROM follow_requests WHERE account_id = ${accountId}::bigint AND target_account_id = ${targetAccountId}::bigint
        RETURNING show_reblogs, notify, languages`;
      if (!request) return { found: false, followId: null };
      return { found: true, followId: await insertFollow(tx, accountId, targetAccountId, { showReblogs: request.show_reblogs, notify: request.notify, languages: request.languages }) };
    });
  }

  /** Drops a pending request; false when there was none. Its notification goes with it (foreign key). */
  async reject(accountId: bigint, targetAccountId: bigint): Promise<boolean> {
    return (await this.prisma.followRequest.deleteMany({ where: { accountId, targetAccountId } })).count > 0;
  }

  /** Who asked to follow the account, oldest request first: the accounts an unlock accepts. */
  async requesters(targetAccountId: bigint): Promise<bigint[]> {
    const rows = await this.prisma.followRequest.findMany({ where: { targetAccountId }, orderBy: { id: 'asc' }, select: { accountId: true } });
    return rows.map((row) => row.accountId);
  }

  /** Whether the account is locked now (identity's column, read-only here). */
  async isLocked(accountId: bigint): Promise<boolean> {
    return (await this.prisma.account.findUnique({ where: { id: accountId }, select: { locked: true } }))?.locked ?? false;
  }

  /** The viewer's relationships with these accounts, in one statement (see RELATIONSHIPS). */
  relationships(viewerId: bigint, ids: readonly bigint[]): Promise<RelationshipRow[]> {
    return sqlOf(this.prisma).query(RELATIONSHIPS, viewerId, ids);
  }

  /** Who asked to follow the account, newest request first, suspended accounts left out; cursors are the requests' ids. */
  async requests(targetAccountId: bigint, page: PageRequest): Promise<FollowListRow[]> {
    if (page.limit === 0) return [];
    const window = idWindow(page);
    const rows = await this.prisma.$queryRaw<Array<{ follow_id: bigint; account_id: bigint }>>`
      SELECT r.id AS follow_id, r.account_id
      FROM follow_requests r JOIN accounts a ON a.id = r.account_id
      WHERE r.target_account_id = ${targetAccountId}::bigint AND a.suspended_at IS NULL
        ${window.where.lt === undefined ? Prisma.empty : Prisma.sql`AND r.id < ${window.where.lt}::bigint`}
        ${window.where.gt === undefined ? Prisma.empty : Prisma.sql`AND r.id > ${window.where.gt}::bigint`}
      ORDER BY r.id ${Prisma.raw(window.order === 'asc' ? 'ASC' : 'DESC')}
      LIMIT ${page.limit}::int`;
    return newestFirst(rows.map((row) => ({ followId: BigInt(row.follow_id), accountId: BigInt(row.account_id) })), page);
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

/** Empty means every language, stored as null (Mastodon keeps no empty list either). */
function languagesOf(options: FollowOptions): string[] | null {
  return options.languages === null || options.languages.length === 0 ? null : [...new Set(options.languages)];
}

/** Changes the options given on an existing follow or request (those left out keep their value); whether it existed. */
async function updateOptions(tx: Transaction, table: 'follows' | 'follow_requests', accountId: bigint, targetAccountId: bigint, options: FollowOptions): Promise<boolean> {
  const changed = await tx.$executeRaw`
    UPDATE ${Prisma.raw(table)} SET
      show_reblogs = coalesce(${options.reblogs}::boolean, show_reblogs),
      notify = coalesce(${options.notify}::boolean, notify),
      languages = CASE WHEN ${options.languages === null} THEN languages ELSE ${languagesOf(options)}::text[] END
    WHERE account_id = ${accountId}::bigint AND target_account_id = ${targetAccountId}::bigint`;
  return changed > 0;
}

/** A new follow with its counters; null when it existed already. */
async function insertFollow(tx: Transaction, accountId: bigint, targetAccountId: bigint, options: { showReblogs: boolean; notify: boolean; languages: string[] | null }): Promise<bigint | null> {
  const inserted = await tx.$queryRaw<Array<{ id: bigint }>>`
    INSERT INTO follows (account_id, target_account_id, show_reblogs, notify, languages, created_at)
    VALUES (${accountId}::bigint, ${targetAccountId}::bigint, ${options.showReblogs}, ${options.notify}, ${options.languages}::text[], now())
    ON CONFLICT (account_id, target_account_id) DO NOTHING
    RETURNING id`;
  if (inserted.length === 0) return null;
  await addToCounters(tx, accountId, targetAccountId, 1);
  return inserted[0].id;
}

/** Removes a pending follow request in the caller's transaction (unfollow, block); false when there was none. */
export async function removeRequests(tx: Transaction, accountId: bigint, targetAccountId: bigint): Promise<boolean> {
  return (await tx.followRequest.deleteMany({ where: { accountId, targetAccountId } })).count > 0;
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
