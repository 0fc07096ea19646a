/**
 * Counts per calendar week, as GET /api/v1/instance/activity reports them
 * (docs/api/instance.md#activity): weeks start on Monday 00:00 UTC, the
 * current week first. Each subgraph counts its own rows with
 * `date_trunc('week', created_at)`, which starts weeks on Monday too.
 */
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The starts of the last `weeks` weeks, the current one first. */
export function weekStarts(weeks: number, now = new Date()): Date[] {
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7));
  return Array.from({ length: weeks }, (_, i) => new Date(monday - i * WEEK_MS));
}

/** One count per week from rows of (week start, count) since the oldest week's start; a week without rows counts 0. */
export async function weeklyCounts(weeks: number, rows: (since: string) => Promise<Array<{ week: Date; n: number }>>): Promise<number[]> {
  const starts = weekStarts(weeks);
  const counts = new Map((await rows(starts[starts.length - 1].toISOString())).map((row) => [new Date(row.week).getTime(), Number(row.n)]));
  return starts.map((start) => counts.get(start.getTime()) ?? 0);
}
