// The read cache of anonymous GET /api/v1/statuses/:id and changes no request makes: a preview
// card filled in after the status was posted, a scheduled status published by the job queue,
// and a poll ending. Each cached answer must equal a fresh read (Cache-Control: no-cache) once
// the change happened. The scheduled status and the poll need the database (to bring a time
// forward), so they run on the PostgreSQL targets only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, type JsonObject } from '@social/testkit';
import { expectJson } from '../support/expectations';
import { accountOf, expectFresh, neighbourhood, readAnonymously, readFresh, reblogOf, warm } from '../support/read-cache';
import { bringForward, minutesAhead, waitForPublication } from '../support/scheduled';
import { api, rig } from '../support/server';
import { connectDatabase, describeWithDatabase } from '../support/database';

jest.setTimeout(120_000);

const ARTICLE = `<!doctype html><html lang="en"><head>
<title>Plain title</title>
<meta property="og:title" content="Held back">
<meta property="og:description" content="A page that answers when the test lets it.">
<meta property="og:site_name" content="Cache Tests">
</head><body><p>Late.</p></body></html>`;

/** A page whose answer waits until release(): the status is read (and cached) while its card is being fetched. */
async function heldPage(html: string) {
  const waiting: ServerResponse[] = [];
  let released = false;
  let requests = 0;
  const answer = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  };
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    if (released) answer(res);
    else waiting.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/held-article`,
    requests: () => requests,
    release() {
      released = true;
      for (const res of waiting.splice(0)) answer(res);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const until = (done: () => Promise<boolean>, what: string) => eventually(done, { timeoutMs: 45_000, intervalMs: 200, what });

describe('a preview card arriving after the status was read', () => {
  it('shows up in the anonymous read of the status and of its boost, equal to a fresh read', async () => {
    const page = await heldPage(ARTICLE);
    try {
      const [author, booster] = await Promise.all([rig.newUser('ccardauthor'), rig.newUser('ccardbooster')]);
      const status = await rig.post(author.token, `Read this: ${page.url}`);
      const boost = await api.post<JsonObject>(`/api/v1/statuses/${status.id}/reblog`, { token: booster.token });
      expectJson(boost, 200);
      // The fetcher is waiting for the page: whatever is cached now has no card.
      await until(async () => page.requests() > 0, 'the card fetcher to request the page');
      const statuses = { link: status.id, boost: boost.body.id as string };
      const before = await warm(api, statuses);
      expect([before.link?.card, reblogOf(before.boost as JsonObject).card]).toEqual([null, null]);

      page.release();
      let card: unknown = null;
      await until(async () => {
        card = (await readAnonymously(api, status.id)).body.card ?? null;
        return card !== null;
      }, 'the card in the anonymous read');

      expect(card).toMatchObject({ title: 'Held back', provider_name: 'Cache Tests' });
      const after = await expectFresh(api, statuses);
      expect(reblogOf(after.boost as JsonObject).card).toEqual(after.link?.card);
    } finally {
      page.release();
      await page.close();
    }
  });
});

describeWithDatabase('with the database', () => {
  const sql = connectDatabase();

  describe('a scheduled reply to S published by the job queue', () => {
    it("shows S's replies_count and the author's statuses_count in every cached status", async () => {
      const n = await neighbourhood(rig, 'csched');
      const scheduled = await api.postJson<JsonObject>(
        '/api/v1/statuses',
        { status: 'Scheduled reply', scheduled_at: minutesAhead(10), in_reply_to_id: n.statuses.target },
        { token: n.author.token },
      );
      expectJson(scheduled, 200);
      const before = await warm(api, n.statuses);

      const id = scheduled.body.id as string;
      await bringForward(sql, [id]);
      const published = (await waitForPublication(sql, [id])).get(id) as string;

      const after = await expectFresh(api, { ...n.statuses, published });
      expect(after.published).toMatchObject({ in_reply_to_id: n.statuses.target, content: '<p>Scheduled reply</p>' });
      expect(after.target?.replies_count).toBe((before.target?.replies_count as number) + 1);
      const count = (accountOf(before.target as JsonObject).statuses_count as number) + 1;
      const embedded = [after.target, after.sibling, after.mention, reblogOf(after.boost as JsonObject)].map((status) => accountOf(status as JsonObject).statuses_count);
      expect(embedded).toEqual([count, count, count, count]);
    });
  });

  describe('a poll ending', () => {
    let statuses: Record<string, string>;
    let pollEnd: number;

    beforeAll(async () => {
      const n = await neighbourhood(rig, 'cpollend', 'poll', { hide_totals: 'true' });
      statuses = n.statuses;
      const poll = (await readFresh(api, n.statuses.target)).body.poll as JsonObject;
      expectJson(await api.postForm(`/api/v1/polls/${poll.id}/votes`, { choices: ['0'] }, { token: n.actor.token }), 200);
      // The poll ends a few seconds from now (polls last five minutes at least): its row and its end
      // job are moved before anything reads the status, so the cache knows only the moved time.
      const { rows } = await sql.query<{ ends: number }>(
        `UPDATE polls SET expires_at = now() + interval '6 seconds' WHERE status_id = $1 RETURNING (extract(epoch FROM expires_at) * 1000)::float8 AS ends`,
        [n.statuses.target],
      );
      pollEnd = (rows[0] as { ends: number }).ends;
      await sql.query(`UPDATE jobs SET run_at = (SELECT expires_at FROM polls WHERE status_id = $1::bigint) WHERE queue = 'polls.end' AND payload->>'statusId' = $1::text`, [n.statuses.target]);
      const before = await warm(api, statuses);
      // Until the poll ends, hide_totals hides each option's count.
      expect(before.target?.poll).toMatchObject({ expired: false, votes_count: 1, options: [{ title: 'yes', votes_count: null }, { title: 'no', votes_count: null }, { title: 'maybe', votes_count: null }] });
    });

    it('is seen by anonymous readers as soon as its time has passed', async () => {
      // Time must pass here (the end was moved as near as the reads above allow): no event marks it.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, pollEnd - Date.now()) + 300));

      const after = await expectFresh(api, statuses);
      expect(after.target?.poll).toMatchObject({ expired: true, votes_count: 1, options: [{ title: 'yes', votes_count: 1 }, { title: 'no', votes_count: 0 }, { title: 'maybe', votes_count: 0 }] });
      expect(reblogOf(after.boost as JsonObject).poll).toEqual(after.target?.poll);
    });

    it('is seen by anonymous readers once the poll-end job ran', async () => {
      await until(
        async () => (await sql.query(`SELECT 1 FROM jobs WHERE queue = 'polls.end' AND payload->>'statusId' = $1`, [statuses.target])).rowCount === 0,
        'the poll-end job',
      );

      const after = await expectFresh(api, statuses);
      expect(after.target?.poll).toMatchObject({ expired: true, votes_count: 1 });
      expect(reblogOf(after.boost as JsonObject).poll).toEqual(after.target?.poll);
    });
  });
});
