import type { EventBus } from '@social/pubsub';
import { CHANNELS, parseEvent, type DomainEvent } from './events.js';

export type EventListener = (event: DomainEvent) => void;

/**
 * One bus subscription per channel for the whole process, fanned out to the
 * live GraphQL subscriptions in memory: ten thousand subscribers cost the
 * bus (and Redis) nothing more than one.
 */
export class EventHub {
  private readonly listeners = new Set<EventListener>();
  /** Revocation callbacks by token id. */
  private readonly byToken = new Map<string, Set<() => void>>();
  private unsubscribes: Array<() => void> = [];

  constructor(
    private readonly bus: EventBus,
    private readonly onInvalid: (payload: unknown) => void = () => {},
  ) {}

  /** Resolves once every channel is live. */
  async start(): Promise<void> {
    this.unsubscribes = await Promise.all(CHANNELS.map((channel) => this.bus.subscribe(channel, (payload) => this.dispatch(payload))));
  }

  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `onRevoked` once the token is revoked. */
  watchToken(tokenId: string, onRevoked: () => void): () => void {
    let watchers = this.byToken.get(tokenId);
    if (!watchers) this.byToken.set(tokenId, (watchers = new Set()));
    watchers.add(onRevoked);
    return () => {
      watchers.delete(onRevoked);
      if (watchers.size === 0 && this.byToken.get(tokenId) === watchers) this.byToken.delete(tokenId);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  close(): void {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes = [];
  }

  private dispatch(payload: unknown): void {
    const event = parseEvent(payload);
    if (!event) {
      this.onInvalid(payload);
      return;
    }
    if (event.type === 'token.revoked') {
      for (const onRevoked of [...(this.byToken.get(event.tokenId) ?? [])]) onRevoked();
      return;
    }
    for (const listener of this.listeners) listener(event);
  }
}
