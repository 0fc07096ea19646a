import type { StreamDirectSubscription, StreamEventFieldsFragment } from '../gql/operations.js';
import { announcementToMastodon } from '../entities/announcement/to-mastodon.js';
import { conversationToMastodon } from '../entities/conversation/to-mastodon.js';
import { notificationHidden, notificationToMastodon } from '../entities/notification/to-mastodon.js';
import { hiddenByFilter, statusToMastodon, type GqlStatus } from '../entities/status/to-mastodon.js';
import type { StreamKind } from './channels.js';

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
    /** update, status.update, delete, notification, conversation, filters_changed, announcement, announcement.reaction, announcement.delete. */
    readonly event: string,
    /** JSON text, or the bare id of a delete or announcement.delete; null for filters_changed. */
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

/** The filter context of a stream's statuses: home for the user and list streams, public for public and hashtag ones. */
const FILTER_CONTEXTS: Partial<Record<StreamKind, string>> = { USER: 'home', LIST: 'home', PUBLIC: 'public', HASHTAG: 'public' };

/** A status event as the subscriber sees it: left out when a hide filter of the stream's context matches (docs/api/filters.md#streams). */
function statusEvent(name: string, status: GqlStatus, kind: StreamKind | null): PreparedEvent | null {
  const filterContext = kind ? FILTER_CONTEXTS[kind] : undefined;
  if (filterContext && hiddenByFilter(status, filterContext)) return null;
  return new PreparedEvent(name, JSON.stringify(statusToMastodon(status, { filterContext })));
}

/**
 * The Mastodon event for a gateway event, through the shared entity mappers; null for SUBSCRIBED or an empty one.
 * A stream's upstream is its subscriber's own whenever a user is signed in, so its filters are theirs.
 */
export function prepareEvent(event: GqlStreamEvent, kind: StreamKind | null = null): PreparedEvent | null {
  switch (event.type) {
    case 'UPDATE':
      return event.status ? statusEvent('update', event.status, kind) : null;
    case 'STATUS_UPDATE':
      return event.status ? statusEvent('status.update', event.status, kind) : null;
    case 'DELETE':
      return event.deletedStatusId ? new PreparedEvent('delete', event.deletedStatusId) : null;
    case 'NOTIFICATION':
      return event.notification && !notificationHidden(event.notification) ? new PreparedEvent('notification', JSON.stringify(notificationToMastodon(event.notification))) : null;
    case 'CONVERSATION':
      return event.conversation ? new PreparedEvent('conversation', JSON.stringify(conversationToMastodon(event.conversation))) : null;
    case 'FILTERS_CHANGED':
      return new PreparedEvent('filters_changed', null);
    // Mastodon's announcement events (docs/api/announcements.md#events).
    case 'ANNOUNCEMENT':
      return event.announcement ? new PreparedEvent('announcement', JSON.stringify(announcementToMastodon(event.announcement))) : null;
    case 'ANNOUNCEMENT_REACTION': {
      const reaction = event.announcementReaction;
      return reaction ? new PreparedEvent('announcement.reaction', JSON.stringify({ name: reaction.name, count: reaction.count, announcement_id: reaction.announcementId })) : null;
    }
    case 'ANNOUNCEMENT_DELETE':
      return event.deletedAnnouncementId ? new PreparedEvent('announcement.delete', event.deletedAnnouncementId) : null;
    default:
      return null;
  }
}
