import type { EventBus } from '@social/pubsub';

/** The channel identity's events go out on. */
export const IDENTITY_EVENTS_CHANNEL = 'identity';

/** A revoked token: streams opened with it must close (Mastodon publishes "kill" per token). */
export type IdentityEvent = { type: 'token.revoked'; tokenId: string };

/** Publishes after the write committed; a bus failure never fails the revocation itself. */
export class IdentityEvents {
  constructor(
    private readonly bus: EventBus | null,
    private readonly onError: (error: unknown) => void,
  ) {}

  emit(event: IdentityEvent): void {
    this.bus?.publish(IDENTITY_EVENTS_CHANNEL, event).catch(this.onError);
  }
}
