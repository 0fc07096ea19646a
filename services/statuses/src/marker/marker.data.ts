import type { PrismaClient } from '@social/db';

export interface MarkerRecord {
  timeline: string;
  lastReadId: bigint;
  version: number;
  updatedAt: Date;
}

const SELECT = { timeline: true, lastReadId: true, version: true, updatedAt: true } as const;

/** Reading positions, one row per account and timeline. */
export class MarkerData {
  constructor(private readonly prisma: PrismaClient) {}

  find(accountId: bigint, timeline: string): Promise<MarkerRecord | null> {
    return this.prisma.marker.findUnique({ where: { accountId_timeline: { accountId, timeline } }, select: SELECT });
  }

  findMany(accountId: bigint, timelines: readonly string[]): Promise<MarkerRecord[]> {
    return this.prisma.marker.findMany({ where: { accountId, timeline: { in: [...timelines] } }, select: SELECT, orderBy: { timeline: 'asc' } });
  }

  /**
   * Saves positions in one transaction. A changed position bumps the version
   * (Rails' lock_version); saving the same position again changes nothing, as
   * Rails skips an update without changes. Concurrent saves serialize on the row.
   */
  save(accountId: bigint, positions: ReadonlyArray<{ timeline: string; lastReadId: bigint }>): Promise<MarkerRecord[]> {
    return this.prisma.$transaction(async (tx) => {
      for (const { timeline, lastReadId } of positions) {
        await tx.$executeRaw`
          INSERT INTO markers (account_id, timeline, last_read_id, version, created_at, updated_at)
          VALUES (${accountId}::bigint, ${timeline}, ${lastReadId}::bigint, 0, now(), now())
          ON CONFLICT (account_id, timeline) DO UPDATE
          SET last_read_id = EXCLUDED.last_read_id, version = markers.version + 1, updated_at = now()
          WHERE markers.last_read_id <> EXCLUDED.last_read_id`;
      }
      return tx.marker.findMany({
        where: { accountId, timeline: { in: positions.map((position) => position.timeline) } },
        select: SELECT,
        orderBy: { timeline: 'asc' },
      });
    });
  }
}
