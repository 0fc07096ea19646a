// The durable queue shared by two server processes on one database and one media folder:
// uploads made through one process are processed by either, each exactly once, and read
// through the other. The test runs its own two servers.
import { Client } from 'pg';
import { Testrig, client, type JsonObject } from '@social/testkit';
import { expectJson } from '../support/expectations';
import * as images from '../support/images';
import { upload, waitForProcessing } from '../support/media';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(180_000);

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeOnSingleTarget('two server processes sharing the job queue', () => {
  let place: Playground;
  let first: OwnServer;
  let second: OwnServer;

  beforeAll(async () => {
    // One job at a time each, so a burst through the first process leaves work for the second.
    place = await playground({ JOB_CONCURRENCY: '1', RATE_LIMITS_ENABLED: 'false' });
    [first, second] = await Promise.all([OwnServer.start(await freePort(), place.env), OwnServer.start(await freePort(), place.env)]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await place.dispose();
  });

  it('process every job exactly once, both taking some, and either serves the result', async () => {
    const api = client(first.baseUrl);
    const user = await new Testrig(api).newUser('sharedqueue');
    const photo = await images.slowPhoto();

    // Watch who holds each job while they run.
    const holders = new Map<string, Set<string>>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const { rows } = await place.sql.query<{ payload: { attachmentId: string }; locked_by: string | null }>(`SELECT payload, locked_by FROM jobs WHERE queue = 'media.process'`);
        for (const row of rows) {
          if (!row.locked_by) continue;
          const seen = holders.get(row.payload.attachmentId) ?? new Set<string>();
          seen.add(row.locked_by);
          holders.set(row.payload.attachmentId, seen);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    // Hold the six jobs until all are queued, then release them at once: with one slow job at
    // a time per process, the second process finds work waiting at its next poll whatever the
    // machine's load (without the hold, a busy machine can serialize uploads so that the first
    // process, woken in-process, finishes each job before the next one is queued).
    await place.sql.query(`
      CREATE FUNCTION hold_media_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.queue = 'media.process' THEN NEW.run_at := 'infinity'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER hold_media_jobs BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION hold_media_jobs();`);
    const responses = await Promise.all(Array.from({ length: 6 }, () => upload(api, 'v2', user.token, { file: photo })));
    const accepted: JsonObject[] = responses.map((response) => {
      expectJson(response, 202);
      return response.body;
    });
    await place.sql.query(`DROP TRIGGER hold_media_jobs ON jobs; DROP FUNCTION hold_media_jobs();`);
    // Lock the six attachment rows before releasing the jobs: a worker that takes a job keeps
    // it until it can write its result, so with one job at a time each, the other process must
    // take a job of its own at its next poll. Only then are the rows let go. Without the lock a
    // fast machine lets the woken first process finish all six between two polls of the second.
    const rowLock = new Client({ connectionString: place.database.url });
    await rowLock.connect();
    try {
      await rowLock.query('BEGIN');
      await rowLock.query(`SELECT id FROM media_attachments WHERE id = ANY($1::bigint[]) FOR UPDATE`, [accepted.map((media) => media.id as string)]);
      const released = await place.sql.query(`UPDATE jobs SET run_at = now() WHERE queue = 'media.process' AND run_at = 'infinity'`);
      expect(released.rowCount).toBe(6);
      await until(async () => {
        const { rows } = await place.sql.query<{ n: number }>(`SELECT count(DISTINCT locked_by)::int AS n FROM jobs WHERE queue = 'media.process' AND locked_by IS NOT NULL`);
        return rows[0].n === 2;
      }, 60_000);
      await rowLock.query('COMMIT');
    } finally {
      await rowLock.end();
    }
    const ready = await Promise.all(accepted.map((media) => waitForProcessing(client(second.baseUrl), media.id as string, user.token, 120_000)));
    watching = false;
    await watcher;

    for (const response of ready) expectJson(response, 200);
    expect(ready.map((response) => response.body.url)).toEqual(accepted.map(() => expect.stringMatching(new RegExp(`^${second.baseUrl}/system/media_attachments/files/.+/original/[a-f0-9]{16}\\.jpg$`))));
    // Each job was held by one worker only (no lease ran out, nothing ran twice).
    expect([...holders.values()].every((workers) => workers.size === 1)).toBe(true);
    const pids = new Set([...holders.values()].flatMap((workers) => [...workers]).map((worker) => Number(worker.split(':')[1])));
    expect(pids).toEqual(new Set([first.pid, second.pid]));
    expect((await place.sql.query(`SELECT processing::text AS p, count(*)::int AS n FROM media_attachments GROUP BY 1`)).rows).toEqual([{ p: 'done', n: 6 }]);
    expect((await place.sql.query(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'media.process'`)).rows).toEqual([{ n: 0 }]);
  });
});
