import { Prisma, type PrismaClient } from '@social/db';

export interface AccountSearchQuery {
  /** Lower-cased start of a username or of a word of a display name. */
  prefix: string;
  viewerId: bigint;
  /** Only accounts the viewer follows, and the viewer. */
  followingOnly: boolean;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\\` as themselves in a LIKE pattern. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Local accounts by the start of their username or of a word of their display
 * name. Reads the follows table (the statuses subgraph's) only to rank and
 * filter by what the viewer follows, as statuses reads account rows.
 */
export class AccountSearchData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Ids of unsuspended matches: the exact username first, then accounts the viewer follows (and the viewer), then by username. */
  async search(query: AccountSearchQuery): Promise<string[]> {
    const start = `${likeEscape(query.prefix)}%`;
    const word = `% ${likeEscape(query.prefix)}%`;
    const followed = Prisma.sql`(a.id = ${query.viewerId}::bigint OR EXISTS (
      SELECT 1 FROM follows f WHERE f.account_id = ${query.viewerId}::bigint AND f.target_account_id = a.id))`;
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      SELECT a.id FROM accounts a
      WHERE a.suspended_at IS NULL
        AND (a.username_lower LIKE ${start} OR lower(a.display_name) LIKE ${start} OR lower(a.display_name) LIKE ${word})
        ${query.followingOnly ? Prisma.sql`AND ${followed}` : Prisma.empty}
      ORDER BY a.username_lower = ${query.prefix} DESC, ${followed} DESC, a.username_lower
      LIMIT ${query.limit}::int OFFSET ${query.offset}::int`;
    return rows.map((row) => row.id.toString());
  }
}
