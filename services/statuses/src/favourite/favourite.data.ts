import { col, Prisma, sqlOf, statement, type PrismaClient } from '@social/db';
import { accountNotExcludedFor } from '../block/exclusion.js';
import { idWindow, idWindowSql, newestFirst, type PageRequest } from '../page/page.js';

/** Favourites a status: the row and the counter, or nothing when the row exists; whether the status exists. */
const FAVOURITE = statement(
  'statuses.favourite',
  ['bigint', 'bigint', 'text'],
  { found: col.bool, createdId: col.nullable(col.bigint) },
  `WITH target AS (
    SELECT id FROM statuses WHERE id = $1::bigint FOR NO KEY UPDATE
  ), inserted AS (
    INSERT INTO favourites (account_id, status_id, created_at)
    SELECT $2::bigint, id, $3::timestamp(3) FROM target
    ON CONFLICT (account_id, status_id) DO NOTHING
    RETURNING id, status_id
  ), counted AS (
    UPDATE statuses SET favourites_count = favourites_count + 1 WHERE id IN (SELECT status_id FROM inserted)
  )
  SELECT EXISTS (SELECT 1 FROM target) AS found, (SELECT id FROM inserted) AS "createdId"`,
);

/** Removes a favourite and moves the counter with it. */
const UNFAVOURITE = statement(
  'statuses.unfavourite',
  ['bigint', 'bigint'],
  { removed: col.bool },
  `WITH removed AS (
    DELETE FROM favourites WHERE account_id = $1::bigint AND status_id = $2::bigint RETURNING status_id
  ), counted AS (
    UPDATE statuses SET favourites_count = favourites_count - 1
    WHERE id IN (SELECT status_id FROM removed) AND favourites_count > 0
  )
  SELECT EXISTS (SELECT 1 FROM removed) AS removed`,
);

/**
 * Favourites and the status's favourites_count, changed together in one
 * statement each (run on the adapter, outside any transaction of Prisma's): the unique index (account, status) decides duplicates and
 * the counter moves only with a row, so it stays exact under any concurrency.
 */
export class FavouriteData {
  constructor(private readonly prisma: PrismaClient) {}

  /** found: the status still exists; createdId: the new favourite's id, null when it was favourited already. */
  async favourite(accountId: bigint, statusId: bigint): Promise<{ found: boolean; createdId: bigint | null }> {
    const [result] = await sqlOf(this.prisma).query(FAVOURITE, statusId, accountId, new Date().toISOString());
    return { found: Boolean(result?.found), createdId: result?.createdId ?? null };
  }

  /** True when a favourite was removed. */
  async unfavourite(accountId: bigint, statusId: bigint): Promise<boolean> {
    const [result] = await sqlOf(this.prisma).query(UNFAVOURITE, accountId, statusId);
    return Boolean(result?.removed);
  }

  /**
   * Who favourited a status: favourite rows, newest first (the row id is the cursor),
   * without the accounts left out for a signed-in viewer (blocked, blocking, muted).
   */
  async favouritedBy(statusId: bigint, page: PageRequest, viewerId: bigint | null): Promise<Array<{ id: bigint; accountId: bigint }>> {
    const { bounds, order } = idWindowSql(Prisma.sql`f.id`, page);
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint; accountId: bigint }>>`
      SELECT f.id, f.account_id AS "accountId" FROM favourites f
      WHERE f.status_id = ${statusId}::bigint ${bounds}
        AND ${accountNotExcludedFor(Prisma.sql`f.account_id`, viewerId === null ? null : Prisma.sql`${viewerId}::bigint`)}
      ORDER BY f.id ${order} LIMIT ${page.limit}`;
    return newestFirst(rows, page);
  }

  /** An account's favourites, newest first (the row id is the cursor). */
  async favouritesOf(accountId: bigint, page: PageRequest): Promise<Array<{ id: bigint; statusId: bigint }>> {
    const window = idWindow(page);
    const rows = await this.prisma.favourite.findMany({
      where: { accountId, id: window.where },
      orderBy: { id: window.order },
      take: page.limit,
      select: { id: true, statusId: true },
    });
    return newestFirst(rows, page);
  }
}
