import type { PrismaClient } from '@social/db';

/** What streaming asks of the follow graph in bulk. */
export class FeedData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Of these accounts, those following `accountId`. */
  async followersAmong(accountId: bigint, candidates: readonly bigint[]): Promise<Set<bigint>> {
    if (candidates.length === 0) return new Set();
    const rows = await this.prisma.follow.findMany({
      where: { targetAccountId: accountId, accountId: { in: [...candidates] } },
      select: { accountId: true },
    });
    return new Set(rows.map((row) => row.accountId));
  }
}
