import type { Logger } from '@social/config';
import { RateLimiter } from '@social/gateway';
import { Redis } from 'ioredis';
import type { ServerConfig } from './config.js';

/**
 * The connection for commands every process shares through Redis (rate-limit
 * counters, read-cache version tokens), or null without REDIS_URL.
 * Autopipelined: the commands one request issues together (a rate-limit
 * check and a version read) share one round trip. Failing fast: during an
 * outage callers fall back (counters in memory, reads through) rather than
 * queue.
 */
export function openCommandRedis(config: ServerConfig, logger: Logger): { redis: Redis | null; close(): void } {
  if (!config.REDIS_URL) return { redis: null, close: () => {} };
  // ioredis puts the namespace in front of every key (rate-limiter-flexible's and the version tokens).
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, enableAutoPipelining: true, keyPrefix: config.redisPrefix });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis commands'));
  return { redis, close: () => redis.disconnect() };
}

/** The gateway's rate limiter: counters in Redis when configured, shared by every process. */
export function createRateLimiter(config: ServerConfig, redis: Redis | null): RateLimiter {
  return redis ? new RateLimiter(config.rateLimits, redis) : new RateLimiter(config.rateLimits);
}
