// Scheduled statuses in tests: times ahead, and bringing a scheduled time forward in the database
// (the honest way to see a publication without waiting five minutes: the row and its job are moved,
// exactly as PUT would move them if it allowed the past). mastodon.md 1.4.
import type { Client } from 'pg';
import type { ApiClient, JsonObject } from '@social/testkit';

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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql.query<{ id: string; status: string | null }>(
      `SELECT id::text, published_status_id::text AS status FROM scheduled_statuses WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    const published = rows.filter((row) => row.status !== null);
    if (published.length === ids.length) return new Map(published.map((row) => [row.id, row.status as string]));
    if (Date.now() > deadline) throw new Error(`published ${published.length} of ${ids.length} scheduled statuses in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The author's statuses with exactly this text, through the API (newest first). */
export async function statusesWithText(api: ApiClient, accountId: string, token: string, text: string): Promise<JsonObject[]> {
  const response = await api.get<JsonObject[]>(`/api/v1/accounts/${accountId}/statuses`, { token, query: { limit: 40 } });
  if (response.status !== 200) throw new Error(`statuses answered ${response.status}: ${response.text}`);
  return response.body.filter((status) => status.content === `<p>${text}</p>`);
}
