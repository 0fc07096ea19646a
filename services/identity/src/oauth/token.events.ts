import type { Channel, ChannelEvent, EventBus } from '@social/pubsub';

/** The channel identity's events go out on. */
export const IDENTITY_EVENTS_CHANNEL = 'identity' satisfies Channel;

/** A revoked token: streams opened with it must close (Mastodon publishes "kill" per token). */
export type IdentityEvent = ChannelEvent<typeof IDENTITY_EVENTS_CHANNEL>;

/** Publishes after the write committed; a bus failure never fails the revocation itself. */
export class IdentityEvents {
  constructor(
    private readonly bus: EventBus | null,
    private readonly onError: (error: unknown) => void,
  ) {}

  private readonly localListeners: Array<(event: IdentityEvent) => void> = [];

  /** Called at once for this process's own events, before they go out (the bus delivers them later). */
  onEmit(listener: (event: IdentityEvent) => void): void {
    this.localListeners.push(listener);
  }

  emit(event: IdentityEvent): void {
    for (const listener of this.localListeners) listener(event);
    this.bus?.publish(IDENTITY_EVENTS_CHANNEL, event).catch(this.onError);
  }
}
