import type { Prisma, PrismaClient } from '@social/db';

export interface NewPoll {
  options: string[];
  expiresAt: Date;
  multiple: boolean;
  hideTotals: boolean;
}

export interface PollRecord {
  id: bigint;
  statusId: bigint;
  accountId: bigint;
  options: string[];
  expiresAt: Date | null;
  multiple: boolean;
  hideTotals: boolean;
  votesCount: number;
  votersCount: number;
}

const POLL_SELECT = {
  id: true, statusId: true, accountId: true, options: true, expiresAt: true, multiple: true, hideTotals: true, votesCount: true, votersCount: true,
} as const;

/** Called inside the publish transaction (status.data.ts), so a status never exists without its poll. */
export async function createPoll(tx: Prisma.TransactionClient, statusId: bigint, accountId: bigint, poll: NewPoll): Promise<void> {
  await tx.poll.create({ data: { statusId, accountId, ...poll } });
}

export class PollData {
  constructor(private readonly prisma: PrismaClient) {}

  async byId(id: bigint): Promise<PollRecord | null> {
    return this.prisma.poll.findUnique({ where: { id }, select: POLL_SELECT });
  }

  async byStatusIds(statusIds: readonly string[]): Promise<Array<PollRecord | null>> {
    const rows = await this.prisma.poll.findMany({ where: { statusId: { in: statusIds.map(BigInt) } }, select: POLL_SELECT });
    const byStatus = new Map(rows.map((row) => [row.statusId.toString(), row]));
    return statusIds.map((id) => byStatus.get(id) ?? null);
  }

  /** Votes per answer index for each poll, counted from the rows, so they are exact. */
  async tallies(pollIds: readonly string[]): Promise<Array<Map<number, number>>> {
    const rows = await this.prisma.pollVote.groupBy({ by: ['pollId', 'choice'], where: { pollId: { in: pollIds.map(BigInt) } }, _count: { _all: true } });
    const byPoll = new Map<string, Map<number, number>>();
    for (const row of rows) {
      const key = row.pollId.toString();
      const tally = byPoll.get(key) ?? new Map<number, number>();
      tally.set(row.choice, row._count._all);
      byPoll.set(key, tally);
    }
    return pollIds.map((id) => byPoll.get(id) ?? new Map());
  }

  /** The viewer's choices in each poll, keyed by poll id. */
  async ownVotes(accountId: bigint, pollIds: readonly string[]): Promise<number[][]> {
    const rows = await this.prisma.pollVote.findMany({
      where: { accountId, pollId: { in: pollIds.map(BigInt) } },
      select: { pollId: true, choice: true },
      orderBy: { choice: 'asc' },
    });
    return pollIds.map((id) => rows.filter((row) => row.pollId.toString() === id).map((row) => row.choice));
  }

  /**
   * Records a vote. The poll row is locked first, so concurrent votes by one
   * account queue and the second sees the first (`check` refuses it), and the
   * counters are incremented under the lock. `check` throws to refuse.
   */
  vote(pollId: bigint, accountId: bigint, choices: number[], check: (poll: PollRecord, alreadyVoted: boolean) => void): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<Array<{ id: bigint }>>`SELECT id FROM polls WHERE id = ${pollId} FOR UPDATE`;
      if (locked.length === 0) return false;
      const poll = await tx.poll.findUniqueOrThrow({ where: { id: pollId }, select: POLL_SELECT });
      const existing = await tx.pollVote.count({ where: { pollId, accountId } });
      check(poll, existing > 0);
      await tx.pollVote.createMany({ data: choices.map((choice) => ({ pollId, accountId, choice })) });
      await tx.poll.update({ where: { id: pollId }, data: { votesCount: { increment: choices.length }, votersCount: { increment: 1 } } });
      return true;
    });
  }
}
