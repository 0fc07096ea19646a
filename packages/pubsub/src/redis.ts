import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import type { EventBus } from './pubsub.js';

/**
 * Redis publish/subscribe: an event published by any process reaches every
 * process of the same namespace (channel prefix).
 */
export function createRedisEventBus(url: string, onError: (error: Error) => void = () => {}, namespace = ''): EventBus {
  // Redis needs one connection for publishing and one in subscriber mode.
  const options = { maxRetriesPerRequest: null, enableOfflineQueue: true, lazyConnect: false };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const engine = new RedisPubSub({ publisher, subscriber, triggerTransform: (trigger) => `${namespace}${String(trigger)}` });
  return {
    kind: 'redis',
    engine,
    publish: (channel, payload) => engine.publish(`${namespace}${channel}`, payload),
    async subscribe(channel, onMessage) {
      const id = await engine.subscribe(channel, onMessage);
      return () => engine.unsubscribe(id);
    },
    close: async () => {
      await engine.close();
    },
  };
}
