import { AppError, ErrorCode, Messages } from '@social/errors';
import { hashPassword, verifyPassword } from './secrets.js';

export interface PasswordHashingLimits {
  /** Hashes computed at once in this process. */
  concurrency: number;
  /** Hashes that may wait for a turn; one more is refused at once. */
  queue: number;
}

/** Two at once leaves half of libuv's four threads (which scrypt runs on) to files, DNS and compression. */
const DEFAULT_PASSWORD_HASHING: PasswordHashingLimits = { concurrency: 2, queue: 64 };

/** How long a client refused for a full queue should wait: the queue drains in about that time. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Every password hash of the process (sign-in, sign-up) goes through here.
 * Each scrypt costs 32 MiB and tens of milliseconds of a thread, so at most
 * `concurrency` run at once and `queue` wait; past that the caller gets 503
 * with Retry-After at once, rather than an unbounded queue growing behind
 * parallel guesses. The rate limits count attempts before they get here.
 */
export class PasswordHashing {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: PasswordHashingLimits = DEFAULT_PASSWORD_HASHING) {}

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.run(() => verifyPassword(password, stored));
  }

  /** Hashes running and waiting (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) this.running += 1;
    else if (this.waiting.length < this.limits.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new AppError(ErrorCode.UNAVAILABLE, Messages.unavailable, { retryAfter: RETRY_AFTER_SECONDS });
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
