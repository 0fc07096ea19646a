import type { PubSubEngine } from 'graphql-subscriptions';

/**
 * The event bus subgraphs publish domain events on and the subscription
 * endpoint listens to. In memory for one process; Redis when several
 * processes must see each other's events.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /** graphql-subscriptions' engine, for graphql-ws resolvers. */
  readonly engine: PubSubEngine;
  publish(channel: string, payload: unknown): Promise<void>;
  /** Calls onMessage for each event; resolves once the subscription is live. Returns the unsubscribe. */
  subscribe(channel: string, onMessage: (payload: unknown) => void): Promise<() => void>;
  close(): Promise<void>;
}
