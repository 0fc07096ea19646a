import { Prisma, type PrismaClient } from '@social/db';

export type DirectoryOrder = 'active' | 'new';

/**
 * The profile directory (docs/api/search.md#the-profile-directory): discoverable, unsuspended local accounts. Reads
 * account_stats (the statuses subgraph's) only for the order by last status, as account search reads follows.
 */
export class DirectoryData {
  constructor(private readonly prisma: PrismaClient) {}

  async page(order: DirectoryOrder, limit: number, offset: number): Promise<string[]> {
    const orderBy = order === 'new' ? Prisma.sql`a.id DESC` : Prisma.sql`st.last_status_at DESC NULLS LAST, a.id DESC`;
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      SELECT a.id FROM accounts a LEFT JOIN account_stats st ON st.account_id = a.id
      WHERE a.discoverable AND a.suspended_at IS NULL
      ORDER BY ${orderBy}
      LIMIT ${limit}::int OFFSET ${offset}::int`;
    return rows.map((row) => row.id.toString());
  }
}
