import type { Logger } from '@social/config';
import { CacheInvalidation, type EntityVersions } from '@social/cache';
import { ANONYMOUS } from '@social/federation';
import { EntityCache, type RateLimiter } from '@social/gateway';
import { StatusReadCache } from '@social/rest-facade';
import type { ServerConfig } from './config.js';

/** The root field of the facade's status read: what its rate-limit check counts. */
const STATUS_READ = ['status'];

/** What the services call after their writes commit, so read caches anywhere stop serving what changed. */
export function cacheInvalidation(versions: EntityVersions, logger: Logger): CacheInvalidation {
  return new CacheInvalidation(versions, (error) => logger.warn({ err: error }, 'read cache: retiring version tokens failed; retrying'));
}

/**
 * The facade's cache of anonymous status reads, or undefined when it is off
 * (READ_CACHE_ENTRIES=0), when anonymous reads are refused anyway
 * (authorized-only), or when the tokens could not be shared with the writers.
 */
export function statusReadCache(config: ServerConfig, versions: EntityVersions, limiter: RateLimiter, logger: Logger, sharedWithWriters: boolean): StatusReadCache | undefined {
  if (config.READ_CACHE_ENTRIES === 0 || config.AUTHORIZED_ONLY) return undefined;
  if (!sharedWithWriters) {
    logger.warn('REDIS_URL is not set: the read cache is off (it would not hear the writes of other processes on the same database)');
    return undefined;
  }
  return new StatusReadCache(
    versions,
    { consume: (ip) => limiter.check(STATUS_READ, ANONYMOUS, ip), refund: (ip) => limiter.refund(STATUS_READ, ANONYMOUS, ip) },
    { maxEntries: config.READ_CACHE_ENTRIES, maxAgeMs: config.READ_CACHE_MAX_AGE_SECONDS * 1000 },
    (error) => logger.warn({ err: error }, 'read cache'),
  );
}

/**
 * The gateway's cache of rendered entities, or undefined when it is off
 * (ENTITY_CACHE_ENTRIES=0) or when its tokens could not be shared with the
 * writers (no Redis beside another process's writes).
 */
export function entityCache(config: ServerConfig, versions: EntityVersions, logger: Logger, sharedWithWriters: boolean): EntityCache | undefined {
  if (config.ENTITY_CACHE_ENTRIES === 0 || !sharedWithWriters) return undefined;
  return new EntityCache(versions, {
    maxEntries: config.ENTITY_CACHE_ENTRIES,
    maxAgeMs: config.READ_CACHE_MAX_AGE_SECONDS * 1000,
    onError: (error) => logger.warn({ err: error }, 'entity cache: version tokens unreadable; reading through'),
  });
}
