import type { Logger } from '@social/config';
import { RateLimiter } from '@social/gateway';
import { Redis } from 'ioredis';
import type { ServerConfig } from './config.js';

/** The gateway's rate limiter: counters in Redis when configured, shared by every process. */
export function createRateLimiter(config: ServerConfig, logger: Logger): { limiter: RateLimiter; close(): Promise<void> } {
  if (!config.REDIS_URL) return { limiter: new RateLimiter(config.rateLimits), close: async () => {} };
  // ioredis puts the namespace in front of every key rate-limiter-flexible writes.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, keyPrefix: config.redisPrefix });
  redis.on('error', (error) => logger.warn({ err: error }, 'rate-limit redis'));
  return {
    limiter: new RateLimiter(config.rateLimits, redis),
    close: async () => {
      redis.disconnect();
    },
  };
}
