/**
 * The domain events the services publish on the bus after a write commits,
 * and the channel each goes out on: the one list publishers and listeners
 * share. A publisher can only emit a type listed here (its `emit` takes a
 * `ChannelEvent`), and a listener is checked against this list (the
 * gateway's event hub has a test that it knows every type), so a new event
 * is never taken for a malformed one.
 *
 * Ids are strings. A payload crosses process boundaries (Redis), so a
 * listener checks its shape on arrival; optional facts may be absent (an
 * older publisher) and a listener must cope.
 */
export interface EventPayloads {
  /** A status was published; a boost is a status of its own (`reblogOfId` set). */
  'status.created': {
    statusId: string;
    accountId: string;
    visibility: string;
    /** Set when the new status is a boost. */
    reblogOfId: string | null;
    /** Local accounts the status mentions, in order. */
    mentionedAccountIds: string[];
    inReplyToAccountId?: string | null;
    /** Hashtags in lookup form. */
    tags?: string[];
  };
  /** A status was edited (docs/api/edits.md): the streams that showed it show it again. The same facts as status.created, as they are after the edit. */
  'status.updated': {
    statusId: string;
    accountId: string;
    visibility: string;
    reblogOfId: string | null;
    mentionedAccountIds: string[];
    inReplyToAccountId?: string | null;
    tags?: string[];
    /** When the edit was made (ISO 8601): tells two edits of one status apart. */
    editedAt?: string;
  };
  /** A status (or a boost, on unboosting) was deleted. */
  'status.deleted': {
    statusId: string;
    accountId: string;
    visibility?: string;
    reblogOfId?: string | null;
    mentionedAccountIds?: string[];
    tags?: string[];
  };
  /** A status was favourited. */
  'status.favourited': {
    statusId: string;
    /** Who favourited. */
    accountId: string;
    /** The author of the favourited status. */
    statusAccountId: string;
  };
  /** A notification was recorded for `accountId`. */
  'notification.created': { notificationId: string; accountId: string };
  /** A direct status changed a participant's conversation (their own row): their direct stream shows it. */
  'conversation.updated': {
    /** The participant's own conversation (row) id. */
    conversationId: string;
    /** The participant. */
    accountId: string;
  };
  /** A token was revoked: streams opened with it must close. */
  'token.revoked': { tokenId: string };
  /** A user's posting defaults changed: principals cached with the old ones must go. */
  'preferences.changed': { accountId: string };
  /** A user's keyword filters changed. */
  'filters.changed': { accountId: string };
  /** A user's staff role changed: cached principals (which carry its permissions) must be read again. */
  'role.changed': { accountId: string };
  /** An IP block was made, changed or removed: every gateway reads the blocks again (docs/api/moderation.md#ip-blocks). */
  'ip_blocks.changed': { ipBlockId: string };
  /** An announcement was published, or changed while published: every user stream shows it (docs/api/announcements.md#events). */
  'announcement.published': { announcementId: string };
  /** A reaction to a published announcement was added or removed: its count now. */
  'announcement.reaction': { announcementId: string; name: string; count: number };
  /** An announcement was unpublished or deleted. */
  'announcement.deleted': { announcementId: string };
}

/** Every event type, with the channel it is published on. */
export const EVENT_CHANNELS = {
  'status.created': 'statuses',
  'status.updated': 'statuses',
  'status.deleted': 'statuses',
  'status.favourited': 'statuses',
  'notification.created': 'notifications',
  'conversation.updated': 'statuses',
  'token.revoked': 'identity',
  'preferences.changed': 'identity',
  'filters.changed': 'filters',
  'role.changed': 'identity',
  'ip_blocks.changed': 'identity',
  'announcement.published': 'announcements',
  'announcement.reaction': 'announcements',
  'announcement.deleted': 'announcements',
} as const satisfies Record<keyof EventPayloads, string>;

export type DomainEventType = keyof EventPayloads;
export type Channel = (typeof EVENT_CHANNELS)[DomainEventType];

/** An event of one of the given types, as it travels: `type` and the payload. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = { [K in T]: { type: K } & EventPayloads[K] }[T];

/** The types published on a channel. */
export type ChannelEventType<C extends Channel> = { [K in DomainEventType]: (typeof EVENT_CHANNELS)[K] extends C ? K : never }[DomainEventType];

/** An event published on a channel. */
export type ChannelEvent<C extends Channel> = DomainEvent<ChannelEventType<C>>;

/** Every event type, in the order listed. */
export const EVENT_TYPES = Object.keys(EVENT_CHANNELS) as DomainEventType[];

/** Every channel events are published on. */
export const CHANNELS = [...new Set(Object.values(EVENT_CHANNELS))] as Channel[];
