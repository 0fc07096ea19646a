import type { PrismaClient } from '@social/db';

export interface LocalAccount {
  id: bigint;
  username: string;
}

/**
 * Local accounts by username, read-only from identity's accounts table (as
 * account-stats.data.ts reads usernames): mentions are resolved when a
 * status is posted, and only this subgraph stores them.
 */
export class MentionData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Keyed by the lower-cased username; suspended accounts are not mentionable. */
  async localAccounts(usernames: readonly string[]): Promise<Map<string, LocalAccount>> {
    if (usernames.length === 0) return new Map();
    const rows = await this.prisma.account.findMany({
      where: { usernameLower: { in: usernames.map((name) => name.toLowerCase()) }, suspendedAt: null },
      select: { id: true, username: true, usernameLower: true },
    });
    return new Map(rows.map((row) => [row.usernameLower, { id: row.id, username: row.username }]));
  }
}
