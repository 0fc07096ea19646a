import { weeklyCounts, type PrismaClient } from '@social/db';

export class InstanceActivityData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Statuses posted each week, boosts not counted (Mastodon counts posts only). */
  statuses(weeks: number): Promise<number[]> {
    return weeklyCounts(weeks, (since) =>
      this.prisma.$queryRaw<Array<{ week: Date; n: number }>>`
        SELECT date_trunc('week', created_at) AS week, count(*)::int AS n FROM statuses
        WHERE reblog_of_id IS NULL AND created_at >= ${since}::timestamp GROUP BY 1`,
    );
  }
}
