// A timed mute across a crash (docs/api/safety.md#mutes), on a deployment of this run's target
// started for this file: the process that took the mute and holds its job (the one process, or the
// split deployment's statuses process) is killed with -9 before the mute lapses, and the one
// started after it both stops applying the mute at its time and runs the durable job that deletes
// the row. Embedded, it is the same data folder PGlite reopens after the crash.
import { Client } from 'pg';
import { Testrig, client, eventually, parseEnvList, startTarget, type RunningTarget } from '@social/testkit';
import { TARGET } from '../support/targets';

jest.setTimeout(180_000);

const MUTE_SECONDS = 3;

describe('a mute with a duration, its server killed with -9 before it lapses', () => {
  let target: RunningTarget;
  /** The target's PostgreSQL (none on embedded: the rows are then judged by the API alone). */
  let sql: Client | null = null;

  beforeAll(async () => {
    target = await startTarget(TARGET, { env: { ...parseEnvList(process.env.E2E_SERVER_ENV), RATE_LIMITS_ENABLED: 'false' } });
    if (target.backends.DATABASE_URL) {
      sql = new Client({ connectionString: target.backends.DATABASE_URL });
      await sql.connect();
    }
  }, 180_000);
  afterAll(async () => {
    await sql?.end();
    await target?.stop();
  }, 60_000);

  it('lapses on time under the restarted process, which deletes the row', async () => {
    const api = client(target.baseUrl);
    const rig = new Testrig(api);
    const [muter, muted] = await Promise.all([rig.newUser('restartmuter'), rig.newUser('restartmuted')]);
    expect((await api.post(`/api/v1/accounts/${muted.account.id}/follow`, { token: muter.token })).status).toBe(200);
    const post = (await rig.post(muted.token, { status: 'said before the mute' })).id;

    const muting = await api.postJson(`/api/v1/accounts/${muted.account.id}/mute`, { duration: MUTE_SECONDS }, { token: muter.token });
    expect(muting.status).toBe(200);
    const expiresAt = Date.parse((muting.body as { muting_expires_at: string }).muting_expires_at);
    if (sql) expect((await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'mutes.expire'`)).rows).toEqual([{ n: 1 }]);

    const holder = target.processes.find((service) => service.name === 'statuses') ?? target.processes[0];
    if (!holder) throw new Error('the target has no process');
    await holder.kill9();
    await target.relaunch(holder.name);

    const homeIds = async () => (await api.get<Array<{ id: string }>>('/api/v1/timelines/home', { token: muter.token })).body.map((s) => s.id);
    const relationship = async () => (await api.get<Array<{ muting: boolean; muting_notifications: boolean }>>('/api/v1/accounts/relationships', { token: muter.token, query: { id: [muted.account.id] } })).body;
    // Still muted under the new process until its time: the row and its rule survived the crash.
    if (Date.now() < expiresAt - 500) {
      expect(await homeIds()).not.toContain(post);
      expect(await relationship()).toEqual([expect.objectContaining({ muting: true })]);
    }

    await eventually(async () => expect(await homeIds()).toContain(post), { timeoutMs: 15_000, what: 'the muted account back in home after the mute lapsed' });
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    expect(await relationship()).toEqual([expect.objectContaining({ muting: false, muting_notifications: false })]);
    // The restarted process's worker ran the job the first one queued: the row and the job are gone.
    if (sql) {
      const db = sql;
      await eventually(
        async () => {
          const left = await db.query<{ mutes: number; jobs: number }>(
            `SELECT (SELECT count(*)::int FROM mutes) AS mutes, (SELECT count(*)::int FROM jobs WHERE queue = 'mutes.expire') AS jobs`,
          );
          expect(left.rows).toEqual([{ mutes: 0, jobs: 0 }]);
        },
        { timeoutMs: 20_000, intervalMs: 200, what: 'the expired mute row deleted by the restarted worker' },
      );
    }
  });
});
