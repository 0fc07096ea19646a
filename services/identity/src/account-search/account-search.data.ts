import { Prisma, type PrismaClient } from '@social/db';

export interface AccountSearchQuery {
  /** Lower-cased start of a username or of a word of a display name. */
  prefix: string;
  /** The caller's account; null for an app token or none. */
  viewerId: bigint | null;
  /** Only accounts the viewer follows, and the viewer. */
  followingOnly: boolean;
  /** Only the account whose username is the prefix (an anonymous query too short to search by, docs/api/search.md). */
  exactOnly: boolean;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\\` as themselves in a LIKE pattern. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Local accounts by the start of their username or of a word of their display
 * name; the trigram indexes on both columns serve the LIKE patterns
 * (docs/api/search.md). Reads the follows and blocks tables (the statuses
 * subgraph's) only to rank and filter for the viewer, as statuses reads
 * account rows.
 */
export class AccountSearchData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Ids of unsuspended matches: the exact username first, then accounts the viewer follows (and the viewer), then
   * the closest (trigram similarity), then by username. Accounts blocking the viewer or blocked by them are left out.
   */
  async search(query: AccountSearchQuery): Promise<string[]> {
    const start = `${likeEscape(query.prefix)}%`;
    const word = `% ${likeEscape(query.prefix)}%`;
    const viewer = query.viewerId;
    const followed =
      viewer === null
        ? Prisma.sql`false`
        : Prisma.sql`(a.id = ${viewer}::bigint OR EXISTS (
      SELECT 1 FROM follows f WHERE f.account_id = ${viewer}::bigint AND f.target_account_id = a.id))`;
    const notBlocked =
      viewer === null
        ? Prisma.empty
        : Prisma.sql`AND NOT EXISTS (SELECT 1 FROM blocks b
            WHERE (b.account_id = ${viewer}::bigint AND b.target_account_id = a.id) OR (b.account_id = a.id AND b.target_account_id = ${viewer}::bigint))`;
    const matches = query.exactOnly
      ? Prisma.sql`a.username_lower = ${query.prefix}`
      : Prisma.sql`(a.username_lower LIKE ${start} OR a.display_name ILIKE ${start} OR a.display_name ILIKE ${word})`;
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      SELECT a.id FROM accounts a
      WHERE a.suspended_at IS NULL AND ${matches}
        ${query.followingOnly ? Prisma.sql`AND ${followed}` : Prisma.empty}
        ${notBlocked}
      ORDER BY a.username_lower = ${query.prefix} DESC, ${viewer === null ? Prisma.empty : Prisma.sql`${followed} DESC,`}
        similarity(a.username_lower, ${query.prefix}) DESC, a.username_lower
      LIMIT ${query.limit}::int OFFSET ${query.offset}::int`;
    return rows.map((row) => row.id.toString());
  }

  /** The unsuspended local account with this username, as a list of its id (or none). */
  async byUsername(username: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      SELECT a.id FROM accounts a WHERE a.username_lower = ${username.toLowerCase()} AND a.suspended_at IS NULL`;
    return rows.map((row) => row.id.toString());
  }
}
