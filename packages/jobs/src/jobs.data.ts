import type { Prisma, PrismaClient } from '@social/db';
import type { JobPayload } from './job.js';

/** Either the client or the transaction of a caller who enqueues as part of its own write. */
export type JobsDb = PrismaClient | Prisma.TransactionClient;

export interface JobRow {
  id: bigint;
  queue: string;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
}

export interface NewJob {
  queue: string;
  payload: JobPayload;
  runAt: Date | null;
  maxAttempts: number;
}

/**
 * The `jobs` table. Every statement is a single one (no transaction held
 * while a job runs): a claim is one UPDATE over a SKIP LOCKED sub-select, so
 * concurrent workers never wait on each other nor take the same row, and the
 * database clock (now()) is the only clock leases are measured with.
 */
export class JobsData {
  constructor(private readonly prisma: PrismaClient) {}

  async insert(db: JobsDb, job: NewJob): Promise<bigint> {
    const row = await db.job.create({
      data: {
        queue: job.queue,
        payload: job.payload as Prisma.InputJsonValue,
        maxAttempts: job.maxAttempts,
        ...(job.runAt ? { runAt: job.runAt } : {}),
      },
      select: { id: true },
    });
    return row.id;
  }

  /**
   * Takes up to `limit` due jobs of these queues: never locked, or locked
   * under a lease that ran out (its worker died). The attempt is counted at
   * claim time, so a job whose process is killed every time still runs out.
   */
  claim(workerId: string, queues: string[], limit: number, leaseMs: number): Promise<JobRow[]> {
    return this.prisma.$queryRaw<JobRow[]>`
      UPDATE jobs SET locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE queue = ANY(${queues}::text[]) AND run_at <= now()
          AND (locked_at IS NULL OR locked_at < now() - ${leaseMs}::int * interval '1 millisecond')
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, queue, payload, attempts, max_attempts, last_error`;
  }

  /** Extends the lease; false when another worker has taken the job over. */
  async heartbeat(id: bigint, workerId: string): Promise<boolean> {
    const count = await this.prisma.$executeRaw`UPDATE jobs SET locked_at = now() WHERE id = ${id} AND locked_by = ${workerId}`;
    return count > 0;
  }

  async remove(id: bigint, workerId: string): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM jobs WHERE id = ${id} AND locked_by = ${workerId}`;
  }

  /** Unlocks the job to run again after `delayMs`; `resetAttempts` for the next run of a periodic job. */
  async reschedule(id: bigint, workerId: string, delayMs: number, lastError: string | null, resetAttempts: boolean): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE jobs SET run_at = now() + ${delayMs}::int * interval '1 millisecond', locked_at = NULL, locked_by = NULL,
        last_error = ${lastError}, attempts = CASE WHEN ${resetAttempts} THEN 0 ELSE attempts END
      WHERE id = ${id} AND locked_by = ${workerId}`;
  }

  /** Gives a job back untouched (the worker is stopping): the attempt it was charged is refunded. */
  async release(id: bigint, workerId: string): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE jobs SET locked_at = NULL, locked_by = NULL, attempts = greatest(attempts - 1, 0)
      WHERE id = ${id} AND locked_by = ${workerId}`;
  }

  /**
   * Creates the one job of a periodic queue unless it exists. The advisory
   * lock serialises processes starting at the same moment, so there is never
   * a second one.
   */
  async ensureOne(queue: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`jobs:periodic:${queue}`}))) AS l`;
      await tx.$executeRaw`
        INSERT INTO jobs (queue, payload, run_at, max_attempts) SELECT ${queue}, '{}'::jsonb, now(), 3
        WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE queue = ${queue})`;
    });
  }

  /** Jobs waiting or running per queue, 0 for an empty one (the queue-depth metric). */
  async depths(queues: string[]): Promise<Record<string, number>> {
    const rows = await this.prisma.$queryRaw<Array<{ queue: string; count: bigint }>>`
      SELECT queue, count(*) AS count FROM jobs WHERE queue = ANY(${queues}::text[]) GROUP BY queue`;
    const depths: Record<string, number> = Object.fromEntries(queues.map((queue) => [queue, 0]));
    for (const row of rows) depths[row.queue] = Number(row.count);
    return depths;
  }

  /** Jobs of a queue waiting or running (for tests and health checks). */
  async count(queue: string): Promise<number> {
    return this.prisma.job.count({ where: { queue } });
  }
}
