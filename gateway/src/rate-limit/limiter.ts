import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Principal } from '@social/federation';
import { rateLimitRejections } from '@social/telemetry';
import { bucketsFor, type OperationUse } from './buckets.js';
import { SPEC_LIMITS, trustedNetworkMatcher, type BucketName, type RateLimitSettings } from './settings.js';

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
  /** When refused: whole seconds until every refusing bucket takes the operation again (Retry-After). */
  retryAfter?: number;
}

/**
 * Counts operations in the API buckets (docs/api/rate-limits.md#buckets) and the sign-in buckets. With
 * Redis every process shares the counters; without it (embedded) they live
 * in this process. If Redis fails, each process falls back to counting in
 * memory (the insurance limiter), so requests keep being served and limited.
 */
export class RateLimiter {
  private readonly limiters = new Map<BucketName, RateLimiterAbstract>();
  private readonly isTrusted: (ip: string) => boolean;

  constructor(
    private readonly settings: RateLimitSettings,
    redis?: Redis,
  ) {
    for (const bucket of Object.keys(SPEC_LIMITS) as BucketName[]) {
      const { points, seconds } = settings[bucket];
      const options = { keyPrefix: `rl:${bucket}`, points, duration: seconds };
      const memory = new RateLimiterMemory(options);
      this.limiters.set(
        bucket,
        redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory, rejectIfRedisNotReady: true }) : memory,
      );
    }
    this.isTrusted = trustedNetworkMatcher(settings.trustedNetworks ?? []);
  }

  /**
   * Gives back the points check() took for the same operation: for a caller
   * that counted a request itself and then passed it on to the gateway,
   * which counts it again.
   */
  async refund(rootFields: readonly string[], principal: Principal, clientIp: string): Promise<void> {
    if (!this.settings.enabled) return;
    await Promise.all(
      bucketsFor({ rootFields }, principal, clientIp, this.isTrusted).map(({ bucket, key, points }) => (this.limiters.get(bucket) as RateLimiterAbstract).reward(key, points)),
    );
  }

  /** Counts an operation; `signIns` are the logins of its password attempts, if any. */
  async check(rootFields: readonly string[], principal: Principal, clientIp: string, signIns: readonly string[] = []): Promise<RateLimitDecision> {
    if (!this.settings.enabled) return { allowed: true, report: null };
    const operation: OperationUse = { rootFields, signIns };
    const uses = bucketsFor(operation, principal, clientIp, this.isTrusted);
    if (uses.length === 0) return { allowed: true, report: null };
    const outcomes = await Promise.all(
      uses.map(async ({ bucket, key, points }) => {
        const limiter = this.limiters.get(bucket) as RateLimiterAbstract;
        try {
          return { limit: limiter.points, result: await limiter.consume(key, points), allowed: true };
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) {
            rateLimitRejections.inc({ bucket });
            return { limit: limiter.points, result: rejection, allowed: false };
          }
          throw rejection;
        }
      }),
    );
    const refusals = outcomes.filter((outcome) => !outcome.allowed);
    const refused = refusals[0];
    const closest = refused ?? outcomes.reduce((a, b) => (b.result.remainingPoints < a.result.remainingPoints ? b : a));
    const report = {
      limit: closest.limit,
      remaining: refused ? 0 : closest.result.remainingPoints,
      reset: new Date(Date.now() + closest.result.msBeforeNext).toISOString(),
    };
    if (!refused) return { allowed: true, report };
    const waitMs = Math.max(...refusals.map((outcome) => outcome.result.msBeforeNext));
    return { allowed: false, report, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}
