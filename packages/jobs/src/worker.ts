import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Logger } from '@social/config';
import { addQueueDepthSource, jobsProcessed } from '@social/telemetry';
import { defaultBackoffMs, UnrecoverableJobError, type Job, type QueueDefinition } from './job.js';
import type { JobRow } from './jobs.data.js';
import type { JobQueue } from './queue.js';

export interface WorkerOptions {
  /** Jobs this worker runs at once (default 2). */
  concurrency?: number;
  /**
   * How long a claim holds without a heartbeat (default 60 s). A running job
   * renews it every third of this; a job of a process killed with -9 is
   * claimed again by any worker once it runs out.
   */
  leaseMs?: number;
  /** How often to look for due jobs enqueued by other processes or retried (default 1 s). */
  pollIntervalMs?: number;
  /** Names this worker in `jobs.locked_by` (default host:pid:random). */
  workerId?: string;
  logger?: Logger;
}

interface Running {
  readonly jobId: bigint;
  readonly controller: AbortController;
  readonly done: Promise<void>;
}

/**
 * Claims and runs jobs of its queues with at most `concurrency` at a time.
 * Woken at once by enqueues in its own process, by a finished job, and
 * otherwise polls.
 */
export class JobWorker {
  readonly id: string;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly queues: string[];
  private readonly active = new Map<bigint, Running>();
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private wokenEarly = false;
  private unsubscribe: (() => void) | null = null;
  private removeDepthSource: (() => void) | null = null;

  constructor(
    private readonly queue: JobQueue,
    private readonly definitions: Record<string, QueueDefinition>,
    private readonly options: WorkerOptions = {},
  ) {
    this.id = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.leaseMs = Math.max(300, options.leaseMs ?? 60_000);
    this.pollIntervalMs = Math.max(10, options.pollIntervalMs ?? 1_000);
    this.queues = Object.keys(definitions);
  }

  /** Jobs running now. */
  get runningCount(): number {
    return this.active.size;
  }

  async start(): Promise<void> {
    if (this.loopDone) return;
    for (const [name, definition] of Object.entries(this.definitions)) {
      if (definition.everyMs !== undefined) await this.queue.data.ensureOne(name);
    }
    this.removeDepthSource = addQueueDepthSource(() => this.queue.data.depths(this.queues));
    this.unsubscribe = this.queue.onEnqueued((name) => {
      if (this.queues.includes(name)) this.wake();
    });
    this.loopDone = this.loop();
  }

  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.wokenEarly = true;
  }

  /**
   * Claims nothing more and waits up to `timeoutMs` for running jobs; any
   * still running then are given back (their attempt refunded) for another
   * worker, and their handlers are aborted.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.removeDepthSource?.();
    this.wake();
    await this.loopDone;
    const running = [...this.active.values()];
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([Promise.all(running.map((r) => r.done)), timedOut]);
    clearTimeout(timer);
    if (outcome !== 'timeout') return;
    await Promise.all(
      [...this.active.values()].map(async (r) => {
        r.controller.abort(new Error('worker stopping'));
        await this.queue.data.release(r.jobId, this.id).catch((error: unknown) => this.log('warn', { err: error }, 'releasing a job failed'));
      }),
    );
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const free = this.concurrency - this.active.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const rows = await this.queue.data.claim(this.id, this.queues, free, this.leaseMs);
          claimed = rows.length;
          for (const row of rows) this.track(row);
        } catch (error) {
          this.log('warn', { err: error }, 'claiming jobs failed');
        }
      }
      // A full batch may mean more are due: look again at once while slots are free.
      if (claimed > 0 && claimed === free && this.active.size < this.concurrency) continue;
      await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    if (this.wokenEarly || this.stopping) {
      this.wokenEarly = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wakeUp?.(), this.pollIntervalMs);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
    });
  }

  private track(row: JobRow): void {
    const controller = new AbortController();
    const done = this.run(row, controller).finally(() => {
      this.active.delete(row.id);
      this.wake();
    });
    this.active.set(row.id, { jobId: row.id, controller, done });
  }

  private async run(row: JobRow, controller: AbortController): Promise<void> {
    const definition = this.definitions[row.queue];
    const job: Job = {
      id: row.id.toString(),
      queue: row.queue,
      payload: row.payload ?? {},
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      lastError: row.last_error,
    };
    if (row.attempts > row.max_attempts) {
      // Every attempt so far was cut short (its process died): do not try again.
      await this.failForGood(definition, job, new Error(`interrupted ${row.max_attempts} times: ${row.last_error ?? 'process died'}`));
      return;
    }
    let leaseLost = false;
    const heartbeat = setInterval(() => {
      this.queue.data.heartbeat(row.id, this.id).then(
        (held) => {
          if (!held && !leaseLost) {
            leaseLost = true;
            controller.abort(new Error('lease lost'));
          }
        },
        (error: unknown) => this.log('warn', { err: error, jobId: job.id }, 'lease heartbeat failed'),
      );
    }, Math.floor(this.leaseMs / 3));
    // A handler that ignores its signal may run on; its job is no longer ours to renew.
    controller.signal.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
    try {
      await definition.handle(job, controller.signal);
      clearInterval(heartbeat);
      if (leaseLost || controller.signal.aborted) return;
      jobsProcessed.inc({ queue: job.queue, outcome: 'completed' });
      if (definition.everyMs !== undefined) await this.queue.data.reschedule(row.id, this.id, definition.everyMs, null, true);
      else await this.queue.data.remove(row.id, this.id);
    } catch (caught) {
      clearInterval(heartbeat);
      if (leaseLost || controller.signal.aborted) return;
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (error instanceof UnrecoverableJobError || row.attempts >= row.max_attempts) {
        await this.failForGood(definition, job, error);
      } else {
        jobsProcessed.inc({ queue: job.queue, outcome: 'retried' });
        this.log('warn', { err: error, jobId: job.id, queue: job.queue, attempt: job.attempt }, 'job failed; will retry');
        const delay = (definition.backoffMs ?? defaultBackoffMs)(row.attempts);
        await this.queue.data.reschedule(row.id, this.id, delay, error.message, false).catch((e: unknown) => this.log('error', { err: e }, 'rescheduling a job failed'));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async failForGood(definition: QueueDefinition, job: Job, error: Error): Promise<void> {
    const id = BigInt(job.id);
    jobsProcessed.inc({ queue: job.queue, outcome: 'failed' });
    // An unrecoverable error is usually the input's fault (a corrupt file): worth a warning, not an alert.
    this.log(error instanceof UnrecoverableJobError ? 'warn' : 'error', { err: error, jobId: job.id, queue: job.queue, attempt: job.attempt }, 'job failed for good');
    try {
      await definition.onFailed?.(job, error);
    } catch (hookError) {
      // The hook must run: try the whole thing again later.
      this.log('error', { err: hookError, jobId: job.id }, 'failed-job hook threw; will retry it');
      const delay = (definition.backoffMs ?? defaultBackoffMs)(job.attempt);
      await this.queue.data.reschedule(id, this.id, delay, error.message, false).catch(() => undefined);
      return;
    }
    try {
      if (definition.everyMs !== undefined) await this.queue.data.reschedule(id, this.id, definition.everyMs, error.message, true);
      else await this.queue.data.remove(id, this.id);
    } catch (e) {
      this.log('error', { err: e, jobId: job.id }, 'removing a failed job failed');
    }
  }

  private log(level: 'warn' | 'error', object: object, message: string): void {
    this.options.logger?.[level](object, message);
  }
}
