// Scheduled statuses in tests: times ahead, and bringing a scheduled time forward in the database
// (the honest way to see a publication without waiting five minutes: the row and its job are moved,
// exactly as PUT would move them if it allowed the past). docs/api/scheduled-statuses.md.
import type { Client } from 'pg';
import { eventually, type ApiClient, type JsonObject } from '@social/testkit';

/** An ISO time `minutes` from now. */
export function minutesAhead(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

/** Makes the scheduled statuses due now: their rows and their publish jobs. */
export async function bringForward(sql: Client, ids: string[]): Promise<void> {
  await sql.query(`UPDATE scheduled_statuses SET scheduled_at = now() - interval '1 second' WHERE id = ANY($1::bigint[])`, [ids]);
  await sql.query(`UPDATE jobs SET run_at = now() WHERE queue = 'statuses.publish-scheduled' AND payload->>'scheduledStatusId' = ANY($1::text[])`, [ids]);
}

/** Polls until every one of the scheduled statuses is published; answers the ids of the statuses they became. */
export async function waitForPublication(sql: Client, ids: string[], timeoutMs = 60_000): Promise<Map<string, string>> {
  return eventually(
    async () => {
      const { rows } = await sql.query<{ id: string; status: string | null }>(
        `SELECT id::text, published_status_id::text AS status FROM scheduled_statuses WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      const published = rows.filter((row) => row.status !== null);
      return published.length === ids.length && new Map(published.map((row) => [row.id, row.status as string]));
    },
    { timeoutMs, intervalMs: 100, what: `the publication of ${ids.length} scheduled status(es)` },
  );
}

/**
 * Resolves once no job of the scheduler is waiting or running: every publication that was to
 * happen has happened, and a late duplicate could come only from a job still there.
 */
export async function schedulerIdle(sql: Client, timeoutMs = 30_000): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'statuses.publish-scheduled' OR (queue LIKE 'statuses.publish-scheduled%' AND locked_by IS NOT NULL)`);
      return rows[0]?.n === 0;
    },
    { timeoutMs, intervalMs: 100, what: 'the scheduler to have no job waiting or running' },
  );
}

/** The author's statuses with exactly this text, through the API (newest first). */
export async function statusesWithText(api: ApiClient, accountId: string, token: string, text: string): Promise<JsonObject[]> {
  const response = await api.get<JsonObject[]>(`/api/v1/accounts/${accountId}/statuses`, { token, query: { limit: 40 } });
  if (response.status !== 200) throw new Error(`statuses answered ${response.status}: ${response.text}`);
  return response.body.filter((status) => status.content === `<p>${text}</p>`);
}
