// The durable scheduler across processes: each due scheduled status is published exactly once when two
// server processes run the scheduler on one database, and one scheduled before a kill -9 is published by
// the restarted server. The test runs its own servers on its own PostgreSQL database. docs/api/scheduled-statuses.md#publication.
import { Testrig, client, type JsonObject } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { OwnServer, freePort, playground, type Playground } from '../../../support/own-server';
import { bringForward, minutesAhead, schedulerIdle, waitForPublication } from '../../../support/scheduled';
import { describeOnSingleTarget } from '../../../support/targets';

jest.setTimeout(180_000);

async function scheduleMany(baseUrl: string, token: string, texts: string[]): Promise<string[]> {
  const api = client(baseUrl);
  const ids: string[] = [];
  for (const text of texts) {
    const response = await api.postJson<JsonObject>('/api/v1/statuses', { status: text, scheduled_at: minutesAhead(30) }, { token });
    expectJson(response, 200);
    ids.push(response.body.id as string);
  }
  return ids;
}

describeOnSingleTarget('scheduled statuses coming due with two server processes on one database', () => {
  let place: Playground;
  let first: OwnServer;
  let second: OwnServer;

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false' });
    [first, second] = await Promise.all([OwnServer.start(await freePort(), place.env), OwnServer.start(await freePort(), place.env)]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await place.dispose();
  });

  it('publishes each exactly once, whichever process takes it', async () => {
    const user = await new Testrig(client(first.baseUrl)).newUser('schedtwice');
    const texts = Array.from({ length: 12 }, (_, i) => `due together ${i}`);
    const ids = await scheduleMany(first.baseUrl, user.token, texts);

    // All due at the same moment: both workers (and either one's catch-up sweep) race for them.
    await bringForward(place.sql, ids);
    const published = await waitForPublication(place.sql, ids);

    const { rows } = await place.sql.query<{ text: string; n: number }>(
      `SELECT text, count(*)::int AS n FROM statuses WHERE account_id = $1 GROUP BY text ORDER BY text`,
      [user.account.id],
    );
    expect(rows).toEqual([...texts].sort().map((text) => ({ text, n: 1 })));
    expect(new Set(published.values()).size).toBe(ids.length);
    // Settled: no publish job is left waiting or running, so no status can appear late from a slower duplicate.
    await schedulerIdle(place.sql);
    expect((await place.sql.query(`SELECT count(*)::int AS n FROM statuses WHERE account_id = $1`, [user.account.id])).rows).toEqual([{ n: 12 }]);
    const statuses = await client(second.baseUrl).get<JsonObject[]>(`/api/v1/accounts/${user.account.id}/statuses`, { token: user.token, query: { limit: 40 } });
    expect(statuses.body.map((status) => status.id).sort()).toEqual([...published.values()].sort());
  });
});

describeOnSingleTarget('a scheduled status whose server was killed with -9', () => {
  let place: Playground;
  const servers: OwnServer[] = [];

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false', JOB_LEASE_SECONDS: '2' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await place.dispose();
  });

  it('is published once by the restarted server when its time comes', async () => {
    const port = await freePort();
    const before = await OwnServer.start(port, place.env);
    servers.push(before);
    const user = await new Testrig(client(before.baseUrl)).newUser('schedcrash');
    const [id] = (await scheduleMany(before.baseUrl, user.token, ['survives a crash'])) as [string];

    await before.kill9();
    // Its time comes while no server runs.
    await bringForward(place.sql, [id]);
    const after = await OwnServer.start(port, place.env);
    servers.push(after);
    const published = await waitForPublication(place.sql, [id]);

    const { rows } = await place.sql.query<{ id: string }>(`SELECT id::text FROM statuses WHERE account_id = $1 AND text = 'survives a crash'`, [user.account.id]);
    expect(rows).toEqual([{ id: published.get(id) }]);
    const read = await client(after.baseUrl).get<JsonObject>(`/api/v1/statuses/${published.get(id)}`, { token: user.token });
    expectJson(read, 200);
    expect(read.body).toMatchObject({ content: '<p>survives a crash</p>' });
  });
});
