import { CHANNELS, type DomainEvent as PublishedEvent, type DomainEventType } from '@social/pubsub';

/**
 * The domain events streaming listens to, as the services publish them on
 * the event bus after each write commits (@social/pubsub's events: every
 * type and its channel). They cross process boundaries, so each is checked
 * on arrival against the shape streaming relies on.
 */
export { CHANNELS };

/** Published, but no stream shows it: the hub lets it pass without a word. */
export const NOT_STREAMED = 'not streamed';

export type StatusCreated = PublishedEvent<'status.created'>;
export type StatusUpdated = PublishedEvent<'status.updated'>;
export type StatusDeleted = PublishedEvent<'status.deleted'>;
export type NotificationCreated = PublishedEvent<'notification.created'>;
export type ConversationUpdated = PublishedEvent<'conversation.updated'>;
export type TokenRevoked = PublishedEvent<'token.revoked'>;
export type FiltersChanged = PublishedEvent<'filters.changed'>;
export type AnnouncementEvent = PublishedEvent<'announcement.published' | 'announcement.reaction' | 'announcement.deleted'>;

/** The events the streams act on. */
export type DomainEvent = StatusCreated | StatusUpdated | StatusDeleted | NotificationCreated | ConversationUpdated | TokenRevoked | FiltersChanged | AnnouncementEvent;

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);

/**
 * Per published type, the check of the shape streaming needs, or
 * NOT_STREAMED. Every type the services publish must be here (the compiler
 * and event-hub.test.ts see to it): one missing would be dropped as malformed.
 */
const CHECKS: { readonly [T in DomainEventType]: ((event: Record<string, unknown>) => boolean) | typeof NOT_STREAMED } = {
  'status.created': (event) =>
    isString(event.statusId) && isString(event.accountId) && isString(event.visibility) &&
    (event.reblogOfId === null || isString(event.reblogOfId)) && isStringArray(event.mentionedAccountIds) && optional(event.tags, isStringArray),
  'status.updated': (event) =>
    isString(event.statusId) && isString(event.accountId) && isString(event.visibility) &&
    (event.reblogOfId === null || isString(event.reblogOfId)) && isStringArray(event.mentionedAccountIds) &&
    optional(event.tags, isStringArray) && optional(event.editedAt, isString),
  'status.deleted': (event) =>
    isString(event.statusId) && isString(event.accountId) && optional(event.visibility, isString) &&
    optional(event.mentionedAccountIds, isStringArray) && optional(event.tags, isStringArray),
  'status.favourited': NOT_STREAMED,
  'notification.created': (event) => isString(event.notificationId) && isString(event.accountId),
  'conversation.updated': (event) => isString(event.conversationId) && isString(event.accountId),
  'token.revoked': (event) => isString(event.tokenId),
  'preferences.changed': NOT_STREAMED,
  'filters.changed': (event) => isString(event.accountId),
  'role.changed': NOT_STREAMED,
  'ip_blocks.changed': NOT_STREAMED,
  'announcement.published': (event) => isString(event.announcementId),
  'announcement.reaction': (event) => isString(event.announcementId) && isString(event.name) && typeof event.count === 'number',
  'announcement.deleted': (event) => isString(event.announcementId),
};

/** The types this listener knows (streamed or not). */
export const KNOWN_EVENT_TYPES: readonly string[] = Object.keys(CHECKS);

/**
 * The event if it has the shape streaming needs; NOT_STREAMED for a known
 * type no stream shows; null for an unknown type or a malformed payload.
 */
export function parseEvent(payload: unknown): DomainEvent | typeof NOT_STREAMED | null {
  if (!payload || typeof payload !== 'object') return null;
  const event = payload as Record<string, unknown>;
  if (typeof event.type !== 'string' || !Object.hasOwn(CHECKS, event.type)) return null;
  const check = CHECKS[event.type as DomainEventType];
  if (check === NOT_STREAMED) return NOT_STREAMED;
  return check(event) ? (event as unknown as DomainEvent) : null;
}
