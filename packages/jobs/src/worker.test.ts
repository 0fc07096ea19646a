import { createTestDatabase, eventually } from '@social/testkit';
import { applyMigrations, openDatabase, type Database } from '@social/db';
import { describeWithVmModules } from '../../db/src/migrations/jest-vm-modules';
import { UnrecoverableJobError, type Job, type QueueDefinition } from './job';
import { JobQueue } from './queue';
import type { JobWorker } from './worker';

jest.setTimeout(60_000);

/** Two handles on one database, as two processes have (PGlite: one instance, it has a single session). */
interface TestDb {
  first: Database;
  second: Database;
  dispose(): Promise<void>;
}

async function postgres(): Promise<TestDb> {
  const database = await createTestDatabase();
  await applyMigrations(database.url);
  const first = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  const second = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  return {
    first,
    second,
    dispose: async () => {
      await first.close();
      await second.close();
      await database.drop();
    },
  };
}

async function pglite(): Promise<TestDb> {
  const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await applyMigrations(db.pglite as NonNullable<Database['pglite']>);
  return { first: db, second: db, dispose: () => db.close() };
}

/** A handler's work taking time, or time passing on purpose (a lease running out, polls that must find nothing). */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const until = (check: () => boolean | Promise<boolean>) => eventually(check, { timeoutMs: 10_000, intervalMs: 20 });

const FAST = { pollIntervalMs: 50, leaseMs: 1_000 };
const noBackoff = () => 10;

const describeDb = describeWithVmModules(__filename);

describeDb.each([
  ['PostgreSQL', postgres],
  ['PGlite', pglite],
])('jobs on %s', (_name, open) => {
  let db: TestDb;
  let queue: JobQueue;
  const workers: JobWorker[] = [];

  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.dispose();
  });
  beforeEach(async () => {
    await db.first.prisma.job.deleteMany({});
    queue = new JobQueue(db.first.prisma);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop(2_000)));
  });

  function start(target: JobQueue, definitions: Record<string, QueueDefinition<never>>, options = {}): JobWorker {
    const worker = target.worker(definitions, { ...FAST, ...options });
    workers.push(worker);
    void worker.start();
    return worker;
  }

  describe('a job enqueued outside a transaction', () => {
    it('runs once with its payload and is removed', async () => {
      const seen: Job[] = [];
      start(queue, { echo: { handle: async (job: Job) => void seen.push(job) } });
      await queue.enqueue('echo', { hello: 'world' });
      await until(() => seen.length === 1);
      await until(async () => (await queue.data.count('echo')) === 0);
      expect(seen[0]).toMatchObject({ queue: 'echo', payload: { hello: 'world' }, attempt: 1, maxAttempts: 5, lastError: null });
    });
  });

  describe('a job enqueued in a transaction', () => {
    it('exists only when the transaction commits', async () => {
      await expect(
        db.first.prisma.$transaction(async (tx) => {
          await queue.enqueue('tx', { n: 1 }, { tx });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await db.first.prisma.$transaction(async (tx) => queue.enqueue('tx', { n: 2 }, { tx }));
      const rows = await db.first.prisma.job.findMany({ where: { queue: 'tx' } });
      expect(rows.map((row) => row.payload)).toEqual([{ n: 2 }]);
    });
  });

  describe('a handler that throws', () => {
    it('is retried with the last error until it succeeds', async () => {
      const attempts: Array<[number, string | null]> = [];
      start(queue, {
        flaky: {
          backoffMs: noBackoff,
          handle: async (job: Job) => {
            attempts.push([job.attempt, job.lastError]);
            if (job.attempt < 3) throw new Error(`boom ${job.attempt}`);
          },
        },
      });
      await queue.enqueue('flaky', {});
      await until(async () => attempts.length === 3 && (await queue.data.count('flaky')) === 0);
      expect(attempts).toEqual([[1, null], [2, 'boom 1'], [3, 'boom 2']]);
    });

    it('fails for good after its attempts, calling the hook once', async () => {
      const failed: Array<[string, string]> = [];
      let runs = 0;
      start(queue, {
        doomed: {
          backoffMs: noBackoff,
          handle: async () => {
            runs += 1;
            throw new Error('always');
          },
          onFailed: async (job: Job, error: Error) => void failed.push([job.id, error.message]),
        },
      });
      const id = await queue.enqueue('doomed', {}, { maxAttempts: 3 });
      await until(async () => failed.length === 1 && (await queue.data.count('doomed')) === 0);
      // A few polls that must find nothing more to run.
      await sleep(4 * FAST.pollIntervalMs);
      expect({ runs, failed }).toEqual({ runs: 3, failed: [[id, 'always']] });
    });

    it('fails for good at once on an UnrecoverableJobError', async () => {
      const failed: string[] = [];
      let runs = 0;
      start(queue, {
        corrupt: {
          handle: async () => {
            runs += 1;
            throw new UnrecoverableJobError('corrupt file');
          },
          onFailed: async (_job: Job, error: Error) => void failed.push(error.message),
        },
      });
      await queue.enqueue('corrupt', {});
      await until(() => failed.length === 1);
      expect({ runs, failed }).toEqual({ runs: 1, failed: ['corrupt file'] });
    });
  });

  describe('with concurrency 2', () => {
    it('never runs more than 2 at once', async () => {
      let running = 0;
      let peak = 0;
      let done = 0;
      start(queue, {
        slow: {
          handle: async () => {
            running += 1;
            peak = Math.max(peak, running);
            await sleep(100);
            running -= 1;
            done += 1;
          },
        },
      }, { concurrency: 2 });
      for (let i = 0; i < 6; i++) await queue.enqueue('slow', { i });
      await until(() => done === 6);
      expect(peak).toBe(2);
    });
  });

  describe('a job whose worker died (killed with -9) while running it', () => {
    it('is claimed again by another worker once the lease runs out', async () => {
      await queue.enqueue('orphan', { file: 'x' });
      // The dead worker claimed it and never heartbeats again.
      const [claimed] = await queue.data.claim('dead-worker', ['orphan'], 1, 1_000);
      expect(claimed?.attempts).toBe(1);
      const seen: Array<{ attempt: number; at: number }> = [];
      const startedAt = Date.now();
      start(new JobQueue(db.second.prisma), { orphan: { handle: async (job: Job) => void seen.push({ attempt: job.attempt, at: Date.now() - startedAt }) } });
      await until(() => seen.length === 1);
      expect(seen[0]?.attempt).toBe(2);
      expect(seen[0]?.at).toBeGreaterThanOrEqual(700);
    });

    it('is not claimed while a live worker keeps its lease', async () => {
      let finish: () => void = () => {};
      let runs = 0;
      const long = { handle: () => { runs += 1; return new Promise<void>((resolve) => (finish = resolve)); } };
      start(queue, { long }, { leaseMs: 600 });
      start(new JobQueue(db.second.prisma), { long }, { leaseMs: 600 });
      await queue.enqueue('long', {});
      await until(() => runs === 1);
      // Well past the lease: the other worker would have taken the job had the lease not been renewed.
      await sleep(1_500);
      expect(runs).toBe(1);
      finish();
      await until(async () => (await queue.data.count('long')) === 0);
    });

    it('fails for good without running when every attempt was cut short', async () => {
      const failed: string[] = [];
      let runs = 0;
      await queue.enqueue('crashy', {}, { maxAttempts: 2 });
      await queue.data.claim('dead-1', ['crashy'], 1, 1);
      await sleep(10);
      await queue.data.claim('dead-2', ['crashy'], 1, 1);
      start(queue, {
        crashy: { handle: async () => void (runs += 1), onFailed: async (_job: Job, error: Error) => void failed.push(error.message) },
      }, { leaseMs: 300 });
      await until(() => failed.length === 1);
      expect(runs).toBe(0);
      expect(failed[0]).toMatch(/^interrupted 2 times/);
    });
  });

  describe('two workers on separate connections (two processes)', () => {
    it('share the queue: every job runs exactly once, and both take some', async () => {
      const runs = new Map<string, string[]>();
      const record = (name: string) => async (job: Job) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
        await sleep(5);
      };
      const a = start(queue, { shared: { handle: record('a') } }, { concurrency: 3 });
      const b = start(new JobQueue(db.second.prisma), { shared: { handle: record('b') } }, { concurrency: 3 });
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push(await queue.enqueue('shared', { i }, { runAt: new Date(Date.now() - 1000) }));
      a.wake();
      b.wake();
      await until(() => runs.size === 40);
      // A job runs again only while its row is there: once every row is gone, no second run can come.
      await until(async () => (await queue.data.count('shared')) === 0);
      expect([...runs.values()].every((names) => names.length === 1)).toBe(true);
      const byWorker = [...runs.values()].flat();
      expect(byWorker.filter((n) => n === 'a').length).toBeGreaterThan(0);
      expect(byWorker.filter((n) => n === 'b').length).toBeGreaterThan(0);
    });
  });

  describe('a periodic queue', () => {
    it('keeps exactly one job however many workers start, and runs it again after each run', async () => {
      let runs = 0;
      const tick = { everyMs: 150, handle: async () => void (runs += 1) };
      start(queue, { tick });
      start(new JobQueue(db.second.prisma), { tick });
      await until(() => runs >= 3);
      expect(await queue.data.count('tick')).toBe(1);
    });
  });

  describe('stopping a worker with a job still running', () => {
    it('gives the job back with its attempt refunded', async () => {
      start(queue, { stuck: { handle: () => new Promise<void>(() => undefined) } });
      await queue.enqueue('stuck', {});
      await until(async () => (await db.first.prisma.job.findFirst({ where: { queue: 'stuck', lockedBy: { not: null } } })) !== null);
      await workers.pop()?.stop(100);
      const row = await db.first.prisma.job.findFirst({ where: { queue: 'stuck' } });
      expect(row).toMatchObject({ lockedBy: null, lockedAt: null, attempts: 0 });
    });
  });
});
