import { PubSub } from 'graphql-subscriptions';
import type { EventBus } from './pubsub.js';

/** The embedded mode's bus: events never leave this process. */
export function createMemoryEventBus(): EventBus {
  const engine = new PubSub();
  return {
    kind: 'memory',
    engine,
    publish: (channel, payload) => engine.publish(channel, payload),
    async subscribe(channel, onMessage) {
      const id = await engine.subscribe(channel, onMessage);
      return () => engine.unsubscribe(id);
    },
    close: async () => {},
  };
}
