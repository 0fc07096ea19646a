import { createMemoryEventBus } from './mem.js';
import type { EventBus } from './pubsub.js';
import { createRedisEventBus } from './redis.js';

export type { EventBus } from './pubsub.js';
export { createMemoryEventBus } from './mem.js';
export { createRedisEventBus } from './redis.js';

/** Redis when a URL is configured (channels prefixed by the namespace), else in memory. */
export function createEventBus(redisUrl: string | undefined, onError?: (error: Error) => void, namespace = ''): EventBus {
  return redisUrl ? createRedisEventBus(redisUrl, onError, namespace) : createMemoryEventBus();
}
