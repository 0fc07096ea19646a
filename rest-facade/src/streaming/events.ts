import type { StreamDirectSubscription, StreamEventFieldsFragment } from '../gql/operations.js';
import { conversationToMastodon } from '../entities/conversation/to-mastodon.js';
import { notificationToMastodon } from '../entities/notification/to-mastodon.js';
import { statusToMastodon } from '../entities/status/to-mastodon.js';

/** The gateway's StreamEvent as the streams select it: StreamEventFields, or the direct stream's conversation. */
export type GqlStreamEvent = Pick<StreamEventFieldsFragment, 'type'> &
  Partial<Omit<StreamEventFieldsFragment, 'type'>> &
  Partial<Omit<StreamDirectSubscription['event'], 'type'>>;

/**
 * One Mastodon event, mapped and serialized once however many connections
 * receive it; each transport's frame is built on first use and kept.
 */
export class PreparedEvent {
  private sse: Buffer | null = null;
  private ws: Buffer | null = null;

  constructor(
    /** update, status.update, delete, notification, conversation, filters_changed. */
    readonly event: string,
    /** JSON text, or the bare id of a delete; null for filters_changed. */
    readonly payload: string | null,
  ) {}

  /**
   * `event:` and `data:` lines and a blank line (a missing payload reads
   * "undefined", as Mastodon writes it). Encoded once: thousands of sockets
   * then write the same bytes.
   */
  sseFrame(): Buffer {
    this.sse ??= Buffer.from(`event: ${this.event}\ndata: ${this.payload ?? 'undefined'}\n\n`);
    return this.sse;
  }

  /** `{"stream":[...],"event":...,"payload":"<JSON as a string>"}`; the stream array is the same for every receiver of this event. */
  wsFrame(streamJson: string): Buffer {
    this.ws ??= Buffer.from(`{"stream":${streamJson},"event":${JSON.stringify(this.event)}${this.payload === null ? '' : `,"payload":${JSON.stringify(this.payload)}`}}`);
    return this.ws;
  }
}

/** The Mastodon event for a gateway event, through the shared entity mappers; null for SUBSCRIBED or an empty one. */
export function prepareEvent(event: GqlStreamEvent): PreparedEvent | null {
  switch (event.type) {
    case 'UPDATE':
      return event.status ? new PreparedEvent('update', JSON.stringify(statusToMastodon(event.status))) : null;
    case 'STATUS_UPDATE':
      return event.status ? new PreparedEvent('status.update', JSON.stringify(statusToMastodon(event.status))) : null;
    case 'DELETE':
      return event.deletedStatusId ? new PreparedEvent('delete', event.deletedStatusId) : null;
    case 'NOTIFICATION':
      return event.notification ? new PreparedEvent('notification', JSON.stringify(notificationToMastodon(event.notification))) : null;
    case 'CONVERSATION':
      return event.conversation ? new PreparedEvent('conversation', JSON.stringify(conversationToMastodon(event.conversation))) : null;
    case 'FILTERS_CHANGED':
      return new PreparedEvent('filters_changed', null);
    default:
      return null;
  }
}
