// A timed mute across a crash (docs/api/safety.md#mutes): the server that took the mute is
// killed with -9 before the mute lapses, and the one started after it both stops applying the
// mute at its time and runs the durable job that deletes the row. The test runs its own server
// on its own database.
import { Testrig, client, eventually } from '@social/testkit';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(120_000);

const MUTE_SECONDS = 3;

describeOnSingleTarget('a mute with a duration, its server killed with -9 before it lapses', () => {
  let place: Playground;
  const servers: OwnServer[] = [];

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await place.dispose();
  });

  it('lapses on time under the restarted server, which deletes the row', async () => {
    const port = await freePort();
    const first = await OwnServer.start(port, place.env);
    servers.push(first);
    const rig = new Testrig(client(first.baseUrl));
    const [muter, muted] = await Promise.all([rig.newUser('restartmuter'), rig.newUser('restartmuted')]);
    expect((await client(first.baseUrl).post(`/api/v1/accounts/${muted.account.id}/follow`, { token: muter.token })).status).toBe(200);
    const post = (await rig.post(muted.token, { status: 'said before the mute' })).id;

    const muting = await client(first.baseUrl).postJson(`/api/v1/accounts/${muted.account.id}/mute`, { duration: MUTE_SECONDS }, { token: muter.token });
    expect(muting.status).toBe(200);
    const expiresAt = Date.parse((muting.body as { muting_expires_at: string }).muting_expires_at);
    const queued = await place.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'mutes.expire'`);
    expect(queued.rows).toEqual([{ n: 1 }]);
    await first.kill9();

    const second = await OwnServer.start(port, place.env);
    servers.push(second);
    const api = client(second.baseUrl);
    const homeIds = async () => (await api.get<Array<{ id: string }>>('/api/v1/timelines/home', { token: muter.token })).body.map((s) => s.id);
    // Still muted under the new process until its time: the row and its rule survived the crash.
    if (Date.now() < expiresAt - 500) {
      expect(await homeIds()).not.toContain(post);
      expect((await api.get('/api/v1/accounts/relationships', { token: muter.token, query: { id: [muted.account.id] } })).body).toEqual([
        expect.objectContaining({ muting: true }),
      ]);
    }

    await eventually(async () => expect(await homeIds()).toContain(post), { timeoutMs: 15_000, what: 'the muted account back in home after the mute lapsed' });
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    expect((await api.get('/api/v1/accounts/relationships', { token: muter.token, query: { id: [muted.account.id] } })).body).toEqual([
      expect.objectContaining({ muting: false, muting_notifications: false }),
    ]);
    // The restarted process's worker ran the job the first one queued: the row and the job are gone.
    await eventually(
      async () => {
        const left = await place.sql.query<{ mutes: number; jobs: number }>(
          `SELECT (SELECT count(*)::int FROM mutes) AS mutes, (SELECT count(*)::int FROM jobs WHERE queue = 'mutes.expire') AS jobs`,
        );
        expect(left.rows).toEqual([{ mutes: 0, jobs: 0 }]);
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'the expired mute row deleted by the restarted worker' },
    );
  });
});
