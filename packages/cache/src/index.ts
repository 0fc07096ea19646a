import type { Redis } from 'ioredis';
import { createMemoryVersions } from './memory-versions.js';
import { createRedisVersions } from './redis-versions.js';
import type { EntityVersions } from './versions.js';

export { accountProfileVersionKey, accountVersionKey, IP_BLOCKS_VERSION_KEY, statusMediaVersionKey, statusVersionKey, type EntityVersions } from './versions.js';
export { CacheInvalidation, NO_INVALIDATION, type Change } from './invalidation.js';
export { createMemoryVersions } from './memory-versions.js';
export { createRedisVersions } from './redis-versions.js';

/** Redis when the deployment has it (shared by every process), else this process's memory. */
export function createEntityVersions(redis: Redis | null): EntityVersions {
  return redis ? createRedisVersions(redis) : createMemoryVersions();
}
