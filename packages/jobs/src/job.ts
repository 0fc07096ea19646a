/** JSON a job carries; keep it small (ids, not documents). */
export type JobPayload = { [key: string]: unknown };

/** A job as its handler sees it, claimed by one worker under a lease. */
export interface Job<P extends JobPayload = JobPayload> {
  readonly id: string;
  readonly queue: string;
  readonly payload: P;
  /** 1 on the first run; counts runs that were interrupted (a killed process) too. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** The error of the previous attempt, if any. */
  readonly lastError: string | null;
}

/**
 * Runs one job. Resolving completes it (it is deleted, or rescheduled when
 * periodic); throwing retries it with backoff until its attempts run out.
 * The signal aborts when the lease was lost (another worker took the job
 * over) or the worker is stopping: stop early, nothing more will be recorded.
 */
export type JobHandler<P extends JobPayload = JobPayload> = (job: Job<P>, signal: AbortSignal) => Promise<void>;

/** Called once when a job will not be retried again; may run again if the process dies before the job row is removed. */
export type FailedHook<P extends JobPayload = JobPayload> = (job: Job<P>, error: Error) => Promise<void>;

export interface QueueDefinition<P extends JobPayload = JobPayload> {
  handle: JobHandler<P>;
  /** The job failed for good: out of attempts, or an UnrecoverableJobError. Must be idempotent. */
  onFailed?: FailedHook<P>;
  /**
   * A periodic queue: the worker keeps exactly one job of it in the table
   * (created at start if none), and runs it again `everyMs` after each run,
   * whether it succeeded or failed for good.
   */
  everyMs?: number;
  /** Delay before retry n (1-based); default: 2 s doubling up to 10 min, with jitter. */
  backoffMs?: (attempt: number) => number;
}

/** Thrown by a handler when retrying cannot help (a corrupt file): the job fails for good at once. */
export class UnrecoverableJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnrecoverableJobError';
  }
}

/** 2 s, 4 s, 8 s ... capped at 10 min, each between 75 % and 100 % of that (spreads a burst of retries). */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, attempt - 1), 600_000);
  return Math.round(base * (0.75 + Math.random() * 0.25));
}
