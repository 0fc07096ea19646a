import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Principal } from '@social/federation';
import { rateLimitRejections } from '@social/telemetry';
import { bucketsFor, type BucketName } from './buckets.js';
import type { RateLimitSettings } from './settings.js';

/** What the X-RateLimit-* headers report: the bucket closest to being exceeded. */
export interface RateLimitReport {
  limit: number;
  remaining: number;
  /** When that bucket's window ends, ISO 8601. */
  reset: string;
}

export interface RateLimitDecision {
  allowed: boolean;
  report: RateLimitReport | null;
}

/**
 * Counts operations in spec part 8's buckets. With Redis every process shares
 * the counters; without it (embedded) they live in this process. If Redis
 * fails, each process falls back to counting in memory (the insurance
 * limiter), so requests keep being served and limited.
 */
export class RateLimiter {
  private readonly limiters = new Map<BucketName, RateLimiterAbstract>();

  constructor(
    private readonly settings: RateLimitSettings,
    redis?: Redis,
  ) {
    for (const bucket of ['apiPerAccount', 'apiPerIp', 'signUp', 'mediaUploads', 'deletions'] as const) {
      const { points, seconds } = settings[bucket];
      const options = { keyPrefix: `rl:${bucket}`, points, duration: seconds };
      const memory = new RateLimiterMemory(options);
      this.limiters.set(
        bucket,
        redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory, rejectIfRedisNotReady: true }) : memory,
      );
    }
  }

  /**
   * Gives back the points check() took for the same operation: for a caller
   * that counted a request itself and then passed it on to the gateway,
   * which counts it again.
   */
  async refund(rootFields: readonly string[], principal: Principal, clientIp: string): Promise<void> {
    if (!this.settings.enabled) return;
    await Promise.all(bucketsFor(rootFields, principal, clientIp).map(({ bucket, key }) => (this.limiters.get(bucket) as RateLimiterAbstract).reward(key, 1)));
  }

  async check(rootFields: readonly string[], principal: Principal, clientIp: string): Promise<RateLimitDecision> {
    if (!this.settings.enabled) return { allowed: true, report: null };
    const uses = bucketsFor(rootFields, principal, clientIp);
    if (uses.length === 0) return { allowed: true, report: null };
    const outcomes = await Promise.all(
      uses.map(async ({ bucket, key }) => {
        const limiter = this.limiters.get(bucket) as RateLimiterAbstract;
        try {
          return { limit: limiter.points, result: await limiter.consume(key), allowed: true };
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) {
            rateLimitRejections.inc({ bucket });
            return { limit: limiter.points, result: rejection, allowed: false };
          }
          throw rejection;
        }
      }),
    );
    const refused = outcomes.find((outcome) => !outcome.allowed);
    const closest = refused ?? outcomes.reduce((a, b) => (b.result.remainingPoints < a.result.remainingPoints ? b : a));
    return {
      allowed: !refused,
      report: {
        limit: closest.limit,
        remaining: refused ? 0 : closest.result.remainingPoints,
        reset: new Date(Date.now() + closest.result.msBeforeNext).toISOString(),
      },
    };
  }
}
