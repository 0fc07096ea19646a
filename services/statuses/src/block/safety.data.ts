import { col, Prisma, sqlOf, statement, type PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';
import { removeConversationsWith } from '../conversation/conversation.data.js';
import { removeFollow, removeRequests } from '../relationship/relationship.data.js';
import { LIVE_MUTE } from './live-mute.js';

/** One row of the blocks or mutes list: the row's id (the page cursor) and the account blocked or muted. */
export interface SafetyListRow {
  rowId: bigint;
  accountId: bigint;
}

/** The accounts the viewer blocks, is blocked by, and mutes (a lapsed mute no longer counts), for one request's rules. */
export interface SafetyView {
  blocking: Set<string>;
  blockedBy: Set<string>;
  muting: Set<string>;
}

/** The viewer's blocks both ways and live mutes, as one list of (kind, account). */
const VIEW = statement(
  'statuses.safetyView',
  ['bigint'],
  { kind: col.text, accountId: col.text },
  `SELECT 'blocking' AS kind, target_account_id::text AS "accountId" FROM blocks WHERE account_id = $1::bigint
  UNION ALL SELECT 'blockedBy', account_id::text FROM blocks WHERE target_account_id = $1::bigint
  UNION ALL SELECT 'muting', m.target_account_id::text FROM mutes m WHERE m.account_id = $1::bigint AND ${LIVE_MUTE}`,
);

/** Of these authors, those that block the viewer: one probe of the unique index each. */
const BLOCKERS = statement(
  'statuses.blockersAmong',
  ['bigint', 'bigint[]'],
  { accountId: col.text },
  `SELECT b.account_id::text AS "accountId" FROM blocks b WHERE b.target_account_id = $1::bigint AND b.account_id = ANY($2::bigint[])`,
);

/**
 * Blocks and mutes (docs/api/safety.md). A block removes the follows (and
 * follow requests) both ways in the same transaction, so the counters stay exact.
 */
export class SafetyData {
  constructor(private readonly prisma: PrismaClient) {}

  async view(viewerId: bigint): Promise<SafetyView> {
    const view: SafetyView = { blocking: new Set(), blockedBy: new Set(), muting: new Set() };
    for (const row of await sqlOf(this.prisma).query(VIEW, viewerId)) view[row.kind as keyof SafetyView].add(row.accountId);
    return view;
  }

  /** When the viewer's live mutes of these accounts lapse (null: until unmuted); accounts not muted are absent. */
  async muteExpiries(viewerId: bigint, ids: readonly bigint[]): Promise<Map<bigint, Date | null>> {
    const rows = await this.prisma.$queryRaw<Array<{ target_account_id: bigint; expires_at: Date | null }>>`
      SELECT m.target_account_id, m.expires_at FROM mutes m
      WHERE m.account_id = ${viewerId}::bigint AND m.target_account_id = ANY(${ids as bigint[]}::bigint[]) AND ${Prisma.raw(LIVE_MUTE)}`;
    return new Map(rows.map((row) => [BigInt(row.target_account_id), row.expires_at]));
  }

  /** For each author (by id), whether it blocks the viewer; the batch of a request's status reads. */
  async blockingViewer(viewerId: bigint, authorIds: readonly string[]): Promise<boolean[]> {
    const rows = await sqlOf(this.prisma).query(BLOCKERS, viewerId, authorIds.map(BigInt));
    const blockers = new Set(rows.map((row) => row.accountId));
    return authorIds.map((id) => blockers.has(id));
  }

  /** Whether either account blocks the other. */
  async blockedEitherWay(a: bigint, b: bigint): Promise<boolean> {
    return (await this.prisma.block.count({ where: { OR: [{ accountId: a, targetAccountId: b }, { accountId: b, targetAccountId: a }] } })) > 0;
  }

  /**
   * Blocks (idempotent) and removes the follows both ways, and the blocker's
   * conversations with the blocked account; whether any follow went.
   */
  block(accountId: bigint, targetAccountId: bigint): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      await tx.block.createMany({ data: [{ accountId, targetAccountId }], skipDuplicates: true });
      // Pending follow requests go both ways too (docs/api/follow-requests.md).
      await removeRequests(tx, accountId, targetAccountId);
      await removeRequests(tx, targetAccountId, accountId);
      await removeConversationsWith(tx, accountId, targetAccountId);
      const unfollowed = await removeFollow(tx, accountId, targetAccountId);
      return (await removeFollow(tx, targetAccountId, accountId)) || unfollowed;
    });
  }

  async unblock(accountId: bigint, targetAccountId: bigint): Promise<void> {
    await this.prisma.block.deleteMany({ where: { accountId, targetAccountId } });
  }

  /** Mutes, or changes an existing mute's options; the mute's id. */
  async mute(accountId: bigint, targetAccountId: bigint, hideNotifications: boolean, expiresAt: Date | null): Promise<bigint> {
    const row = await this.prisma.mute.upsert({
      where: { accountId_targetAccountId: { accountId, targetAccountId } },
      create: { accountId, targetAccountId, hideNotifications, expiresAt },
      update: { hideNotifications, expiresAt },
      select: { id: true },
    });
    return row.id;
  }

  async unmute(accountId: bigint, targetAccountId: bigint): Promise<void> {
    await this.prisma.mute.deleteMany({ where: { accountId, targetAccountId } });
  }

  /** Removes a mute whose time has come (the database clock decides); false when it is not due (or gone, or renewed). */
  async expireMute(id: bigint): Promise<boolean> {
    return (await this.prisma.$executeRaw`DELETE FROM mutes WHERE id = ${id}::bigint AND expires_at <= now()`) > 0;
  }

  /** The accounts the viewer blocks or mutes (live mutes), newest first, suspended accounts left out; cursors are the rows' ids. */
  async list(kind: 'blocks' | 'mutes', accountId: bigint, page: PageRequest): Promise<SafetyListRow[]> {
    if (page.limit === 0) return [];
    const window = idWindow(page);
    const rows = await this.prisma.$queryRaw<Array<{ row_id: bigint; account_id: bigint }>>`
      SELECT x.id AS row_id, x.target_account_id AS account_id
      FROM ${Prisma.raw(kind)} x JOIN accounts a ON a.id = x.target_account_id
      WHERE x.account_id = ${accountId}::bigint AND a.suspended_at IS NULL
        ${kind === 'mutes' ? Prisma.sql`AND (x.expires_at IS NULL OR x.expires_at > now())` : Prisma.empty}
        ${window.where.lt === undefined ? Prisma.empty : Prisma.sql`AND x.id < ${window.where.lt}::bigint`}
        ${window.where.gt === undefined ? Prisma.empty : Prisma.sql`AND x.id > ${window.where.gt}::bigint`}
      ORDER BY x.id ${Prisma.raw(window.order === 'asc' ? 'ASC' : 'DESC')}
      LIMIT ${page.limit}::int`;
    return newestFirst(rows.map((row) => ({ rowId: BigInt(row.row_id), accountId: BigInt(row.account_id) })), page);
  }
}
