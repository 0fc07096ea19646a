import type { PrismaClient } from '@social/db';

export interface AccountStatsRecord {
  statusesCount: number;
  followersCount: number;
  followingCount: number;
  lastStatusAt: Date | null;
}

const EMPTY: AccountStatsRecord = { statusesCount: 0, followersCount: 0, followingCount: 0, lastStatusAt: null };

export class AccountStatsData {
  constructor(private readonly prisma: PrismaClient) {}

  async findByIds(ids: readonly string[]): Promise<AccountStatsRecord[]> {
    const rows = await this.prisma.accountStats.findMany({ where: { accountId: { in: ids.map(BigInt) } } });
    const byId = new Map(rows.map((row) => [row.accountId.toString(), row]));
    return ids.map((id) => byId.get(id) ?? EMPTY);
  }

  /**
   * Usernames of accounts, read-only from identity's table: statuses need them
   * for their web URLs (local usernames never change).
   */
  async usernames(ids: readonly string[]): Promise<Array<string | null>> {
    const rows = await this.prisma.account.findMany({ where: { id: { in: ids.map(BigInt) } }, select: { id: true, username: true } });
    const byId = new Map(rows.map((row) => [row.id.toString(), row.username]));
    return ids.map((id) => byId.get(id) ?? null);
  }
}
