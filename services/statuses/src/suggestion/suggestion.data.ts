import { Prisma, type PrismaClient } from '@social/db';
import { accountNotExcludedFor } from '../block/exclusion.js';

/** How long ago an account's last status may be for it to count as active (the most followed source). */
const ACTIVE_DAYS = 30;

/**
 * Who may be suggested to `viewer` (Mastodon's AccountSuggestions::Source base
 * scope), for the account in `a`: discoverable and unsuspended, not the
 * viewer, not followed nor asked to follow by the viewer, not dismissed by
 * the viewer, and not left out by the viewer's blocks and mutes.
 */
function suggestable(viewer: bigint): Prisma.Sql {
  return Prisma.sql`a.id <> ${viewer}::bigint AND a.discoverable AND a.suspended_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM follows x WHERE x.account_id = ${viewer}::bigint AND x.target_account_id = a.id)
    AND NOT EXISTS (SELECT 1 FROM follow_requests x WHERE x.account_id = ${viewer}::bigint AND x.target_account_id = a.id)
    AND NOT EXISTS (SELECT 1 FROM suggestion_dismissals x WHERE x.account_id = ${viewer}::bigint AND x.target_account_id = a.id)
    AND ${accountNotExcludedFor(Prisma.sql`a.id`, Prisma.sql`${viewer}::bigint`)}`;
}

/** The candidates of each suggestion source, and the dismissals (suggestion_dismissals; docs/api/accounts.md#suggestions). */
export class SuggestionData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Accounts followed by those the viewer follows (leaving out those who hide
   * whom they follow), most such follows first, then most followed.
   */
  async friendsOfFriends(viewer: bigint, limit: number): Promise<bigint[]> {
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      WITH first_degree AS (
        SELECT f.target_account_id AS id FROM follows f JOIN accounts fa ON fa.id = f.target_account_id
        WHERE f.account_id = ${viewer}::bigint AND NOT fa.hide_collections AND fa.suspended_at IS NULL
      )
      SELECT a.id FROM follows f2
        JOIN accounts a ON a.id = f2.target_account_id
        LEFT JOIN account_stats st ON st.account_id = a.id
      WHERE f2.account_id IN (SELECT id FROM first_degree) AND ${suggestable(viewer)}
      GROUP BY a.id, st.followers_count
      ORDER BY count(*) DESC, st.followers_count DESC NULLS LAST, a.id DESC
      LIMIT ${limit}::int`;
    return rows.map((row) => BigInt(row.id));
  }

  /** Discoverable accounts that posted in the last 30 days, most followed first, then most recently active. */
  async mostFollowed(viewer: bigint, limit: number): Promise<bigint[]> {
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      SELECT a.id FROM accounts a JOIN account_stats st ON st.account_id = a.id
      WHERE st.last_status_at > now() - make_interval(days => ${ACTIVE_DAYS}::int) AND ${suggestable(viewer)}
      ORDER BY st.followers_count DESC, st.last_status_at DESC, a.id DESC
      LIMIT ${limit}::int`;
    return rows.map((row) => BigInt(row.id));
  }

  /** Remembers that the viewer dismissed the account; dismissing again changes nothing. */
  async dismiss(viewer: bigint, target: bigint): Promise<void> {
    await this.prisma.suggestionDismissal.upsert({
      where: { accountId_targetAccountId: { accountId: viewer, targetAccountId: target } },
      create: { accountId: viewer, targetAccountId: target },
      update: {},
    });
  }
}
