import type { Logger } from '@social/config';
import type { PrismaClient } from '@social/db';
import type { JobPayload, QueueDefinition } from './job.js';
import { JobsData, type JobsDb } from './jobs.data.js';
import { JobWorker, type WorkerOptions } from './worker.js';

export interface EnqueueOptions {
  /**
   * The caller's transaction (`prisma.$transaction(async (tx) => ...)`): the
   * job exists exactly when the caller's write commits. Call `notify(queue)`
   * after the commit to wake this process's worker at once; otherwise a worker
   * finds it at its next poll.
   */
  tx?: JobsDb;
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** Runs before it fails for good, interrupted runs included (default 5). */
  maxAttempts?: number;
}

/**
 * The durable queue: PostgreSQL's `jobs` table, shared by every process on
 * the database (PGlite too, in the one-process mode). Enqueue from anywhere;
 * workers (see `worker()`) claim with FOR UPDATE SKIP LOCKED under a lease.
 */
export class JobQueue {
  readonly data: JobsData;
  private readonly listeners = new Set<(queue: string) => void>();

  constructor(private readonly prisma: PrismaClient) {
    this.data = new JobsData(prisma);
  }

  /** Adds a job and returns its id. Without `tx`, this process's worker is woken at once. */
  async enqueue<P extends JobPayload>(queue: string, payload: P, options: EnqueueOptions = {}): Promise<string> {
    const id = await this.data.insert(options.tx ?? this.prisma, {
      queue,
      payload,
      runAt: options.runAt ?? null,
      maxAttempts: options.maxAttempts ?? 5,
    });
    if (!options.tx && !options.runAt) this.notify(queue);
    return id.toString();
  }

  /** Wakes this process's workers of `queue` (after committing a transaction that enqueued). */
  notify(queue: string): void {
    for (const listener of this.listeners) listener(queue);
  }

  /** @internal Workers listen here for jobs enqueued in their own process. */
  onEnqueued(listener: (queue: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A worker for these queues; call `start()` on it, and `stop()` before the process exits. */
  worker(definitions: Record<string, QueueDefinition<never>>, options: WorkerOptions & { logger?: Logger } = {}): JobWorker {
    return new JobWorker(this, definitions as Record<string, QueueDefinition>, options);
  }
}
