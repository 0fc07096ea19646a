import { weeklyCounts, type PrismaClient } from '@social/db';

/** Counts per week for GET /api/v1/instance/activity: weeks start on Monday 00:00 UTC, the current week first. */
export class InstanceActivityData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Accounts that signed up each week. */
  signUps(weeks: number): Promise<number[]> {
    return weeklyCounts(weeks, (since) =>
      this.prisma.$queryRaw<Array<{ week: Date; n: number }>>`
        SELECT date_trunc('week', created_at) AS week, count(*)::int AS n FROM users
        WHERE created_at >= ${since}::timestamp GROUP BY 1`,
    );
  }

  /** Distinct users who signed in (were granted a token) each week. */
  logins(weeks: number): Promise<number[]> {
    return weeklyCounts(weeks, (since) =>
      this.prisma.$queryRaw<Array<{ week: Date; n: number }>>`
        SELECT date_trunc('week', created_at) AS week, count(DISTINCT account_id)::int AS n FROM oauth_access_tokens
        WHERE account_id IS NOT NULL AND created_at >= ${since}::timestamp GROUP BY 1`,
    );
  }
}
