import { AppError, ErrorCode } from '@social/errors';
import { PasswordHashing } from './password-hashing.js';
import { hashPassword } from './secrets.js';

describe('PasswordHashing', () => {
  let stored: string;

  beforeAll(async () => {
    stored = await hashPassword('correct horse battery staple');
  });

  it('runs at most `concurrency` hashes at once and lets `queue` more wait', async () => {
    const hashing = new PasswordHashing({ concurrency: 2, queue: 3 });
    const checks = Array.from({ length: 5 }, (_, i) => hashing.verify(i === 4 ? 'correct horse battery staple' : 'wrong', stored));

    expect(hashing.load).toEqual({ running: 2, waiting: 3 });
    expect(await Promise.all(checks)).toEqual([false, false, false, false, true]);
    expect(hashing.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a hash past the queue at once with UNAVAILABLE and a Retry-After of a second, and serves again once it drained', async () => {
    const hashing = new PasswordHashing({ concurrency: 1, queue: 1 });
    const outcomes = await Promise.allSettled([0, 1, 2, 3].map(() => hashing.verify('wrong', stored)));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    const refusal = (outcomes[2] as PromiseRejectedResult).reason as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.code).toBe(ErrorCode.UNAVAILABLE);
    expect(refusal.extensions.retryAfter).toBe(1);
    await expect(hashing.verify('correct horse battery staple', stored)).resolves.toBe(true);
  });

  it('frees the slot of a hash that failed', async () => {
    const hashing = new PasswordHashing({ concurrency: 1, queue: 0 });
    // N=3 is not a power of two: scrypt refuses it.
    await expect(hashing.verify('x', 'scrypt$3$8$1$AAAA$AAAA')).rejects.toThrow();
    expect(hashing.load).toEqual({ running: 0, waiting: 0 });
    await expect(hashing.hash('another password')).resolves.toMatch(/^scrypt\$/);
  });
});
