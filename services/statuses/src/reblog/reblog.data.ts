import { Prisma, type PrismaClient } from '@social/db';
import { accountNotExcludedFor } from '../block/exclusion.js';
import { idWindowSql, newestFirst, type PageRequest } from '../page/page.js';

export interface NewReblog {
  accountId: bigint;
  originalId: bigint;
  visibility: 'public' | 'unlisted' | 'private' | 'direct';
}

/**
 * Boosts are statuses with reblog_of_id set (and, as Mastodon's, no application). The unique index
 * (reblog_of_id, account_id) allows one per account; the original's
 * reblogs_count and the booster's statuses_count move in the same statement
 * as the row, so they stay exact under concurrency.
 */
export class ReblogData {
  constructor(private readonly prisma: PrismaClient) {}

  /** The boost's id (new or existing); found is false when the original is gone. */
  async reblog(input: NewReblog): Promise<{ found: boolean; boostId: bigint | null; created: boolean }> {
    const now = new Date().toISOString();
    const [result] = await this.prisma.$queryRaw<Array<{ found: boolean; created_id: bigint | null; existing_id: bigint | null }>>`
      WITH original AS (
        SELECT id FROM statuses WHERE id = ${input.originalId}::bigint FOR NO KEY UPDATE
      ), inserted AS (
        INSERT INTO statuses (account_id, reblog_of_id, visibility, created_at, updated_at)
        SELECT ${input.accountId}::bigint, id, ${input.visibility}::"Visibility", ${now}::timestamp(3), ${now}::timestamp(3)
        FROM original
        ON CONFLICT (reblog_of_id, account_id) DO NOTHING
        RETURNING id, reblog_of_id
      ), counted AS (
        UPDATE statuses SET reblogs_count = reblogs_count + 1 WHERE id IN (SELECT reblog_of_id FROM inserted)
      ), stats AS (
        INSERT INTO account_stats (account_id, statuses_count, last_status_at)
        SELECT ${input.accountId}::bigint, 1, ${now}::timestamp(3) FROM inserted
        ON CONFLICT (account_id) DO UPDATE
        SET statuses_count = account_stats.statuses_count + 1, last_status_at = EXCLUDED.last_status_at
      )
      SELECT EXISTS (SELECT 1 FROM original) AS found,
             (SELECT id FROM inserted) AS created_id,
             (SELECT id FROM statuses WHERE reblog_of_id = ${input.originalId}::bigint AND account_id = ${input.accountId}::bigint) AS existing_id`;
    const found = Boolean(result?.found);
    if (result?.created_id) return { found, boostId: result.created_id, created: true };
    if (result?.existing_id) return { found, boostId: result.existing_id, created: false };
    if (!found) return { found, boostId: null, created: false };
    // A concurrent boost by the same account committed after this statement's snapshot.
    const existing = await this.prisma.status.findUnique({
      where: { reblogOfId_accountId: { reblogOfId: input.originalId, accountId: input.accountId } },
      select: { id: true },
    });
    return { found, boostId: existing?.id ?? null, created: false };
  }

  /** Removes the account's boost of a status; its id, or null when there was none. */
  async unreblog(accountId: bigint, originalId: bigint): Promise<bigint | null> {
    const [result] = await this.prisma.$queryRaw<Array<{ id: bigint | null }>>`
      WITH removed AS (
        DELETE FROM statuses WHERE reblog_of_id = ${originalId}::bigint AND account_id = ${accountId}::bigint RETURNING id, reblog_of_id
      ), counted AS (
        UPDATE statuses SET reblogs_count = reblogs_count - 1
        WHERE id IN (SELECT reblog_of_id FROM removed) AND reblogs_count > 0
      ), stats AS (
        UPDATE account_stats SET statuses_count = statuses_count - 1
        WHERE account_id = ${accountId}::bigint AND statuses_count > 0 AND EXISTS (SELECT 1 FROM removed)
      )
      SELECT (SELECT id FROM removed) AS id`;
    return result?.id ?? null;
  }

  /** Who boosted a status publicly, newest boost first (the boost's id is the cursor), without the accounts left out for a signed-in viewer. */
  async rebloggedBy(statusId: bigint, page: PageRequest, viewerId: bigint | null): Promise<Array<{ id: bigint; accountId: bigint }>> {
    const { bounds, order } = idWindowSql(Prisma.sql`s.id`, page);
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint; accountId: bigint }>>`
      SELECT s.id, s.account_id AS "accountId" FROM statuses s
      WHERE s.reblog_of_id = ${statusId}::bigint AND s.visibility IN ('public', 'unlisted') ${bounds}
        AND ${accountNotExcludedFor(Prisma.sql`s.account_id`, viewerId === null ? null : Prisma.sql`${viewerId}::bigint`)}
      ORDER BY s.id ${order} LIMIT ${page.limit}`;
    return newestFirst(rows, page);
  }
}
