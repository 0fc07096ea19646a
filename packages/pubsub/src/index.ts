import { eventsDelivered, eventsPublished } from '@social/telemetry';
import { createMemoryEventBus } from './mem.js';
import type { EventBus } from './pubsub.js';
import { createRedisEventBus } from './redis.js';

export type { EventBus } from './pubsub.js';
export * from './events.js';
export { createMemoryEventBus } from './mem.js';
export { createRedisEventBus } from './redis.js';

/** Redis when a URL is configured (channels prefixed by the namespace), else in memory. */
export function createEventBus(redisUrl: string | undefined, onError?: (error: Error) => void, namespace = ''): EventBus {
  return counted(redisUrl ? createRedisEventBus(redisUrl, onError, namespace) : createMemoryEventBus());
}

/** Counts events published and delivered per channel (the Prometheus metrics). */
function counted(bus: EventBus): EventBus {
  return {
    kind: bus.kind,
    engine: bus.engine,
    async publish(channel, payload) {
      await bus.publish(channel, payload);
      eventsPublished.inc({ channel });
    },
    subscribe: (channel, onMessage) =>
      bus.subscribe(channel, (payload) => {
        eventsDelivered.inc({ channel });
        onMessage(payload);
      }),
    close: () => bus.close(),
  };
}
