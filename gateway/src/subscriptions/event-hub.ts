import type { EventBus } from '@social/pubsub';
import { CHANNELS, NOT_STREAMED, parseEvent, type DomainEvent } from './events.js';

export type EventListener = (event: DomainEvent) => void;

/** Distinct kinds of bad event reported before the hub stops reporting new ones. */
const MAX_REPORTED_KINDS = 100;

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
  /** Kinds of bad event already reported (by type): each is reported once per process, not once per event. */
  private readonly reported = new Set<string>();

  constructor(
    private readonly bus: EventBus,
    /** Called for the first event of each unknown type, or the first malformed one of a known type. */
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
    if (event === NOT_STREAMED) return;
    if (!event) {
      this.reportInvalid(payload);
      return;
    }
    if (event.type === 'token.revoked') {
      for (const onRevoked of [...(this.byToken.get(event.tokenId) ?? [])]) onRevoked();
      return;
    }
    for (const listener of this.listeners) listener(event);
  }

  /** Ordinary traffic must not grow the log: a publisher sending something unexpected is worth one line per kind. */
  private reportInvalid(payload: unknown): void {
    const type = (payload as { type?: unknown } | null)?.type;
    const kind = typeof type === 'string' ? type.slice(0, 64) : typeof type;
    if (this.reported.has(kind) || this.reported.size >= MAX_REPORTED_KINDS) return;
    this.reported.add(kind);
    this.onInvalid(payload);
  }
}
