import type { ChannelEvent, EventBus } from '@social/pubsub';

/** The channel announcements' events go out on (docs/api/announcements.md#events). */
const ANNOUNCEMENTS_CHANNEL = 'announcements';

/** Publishes after the write committed; a bus failure never fails the write itself. */
export class AnnouncementEvents {
  constructor(
    private readonly bus: EventBus | null,
    private readonly onError: (error: unknown) => void,
  ) {}

  emit(event: ChannelEvent<typeof ANNOUNCEMENTS_CHANNEL>): void {
    this.bus?.publish(ANNOUNCEMENTS_CHANNEL, event).catch(this.onError);
  }
}
