/**
 * The domain events streaming listens to, as published on the event bus
 * after each write commits. The publishers own their channels; these are
 * the shapes streaming relies on, checked on arrival because they cross
 * process boundaries:
 *
 * - `statuses` (services/statuses/src/events.ts): status.created, status.deleted, and
 *   conversation.updated {conversationId, accountId} for each participant's row a direct status changed.
 * - `notifications`: notification.created {notificationId, accountId}, published by
 *   whoever records a notification (StatusEvents.notificationCreated).
 * - `identity` (services/identity/src/oauth/token.events.ts): token.revoked {tokenId}.
 * - `filters`: filters.changed {accountId}, published when a user's keyword filters change.
 */
export const CHANNELS = ['statuses', 'notifications', 'identity', 'filters'] as const;

export interface StatusCreated {
  type: 'status.created';
  statusId: string;
  accountId: string;
  visibility: string;
  reblogOfId: string | null;
  mentionedAccountIds: string[];
  /** Absent from older publishers: then a stream cannot rule the status out early and asks. */
  tags?: string[];
}

export interface StatusDeleted {
  type: 'status.deleted';
  statusId: string;
  accountId: string;
  visibility?: string;
  reblogOfId?: string | null;
  mentionedAccountIds?: string[];
  tags?: string[];
}

export interface NotificationCreated {
  type: 'notification.created';
  notificationId: string;
  accountId: string;
}

export interface ConversationUpdated {
  type: 'conversation.updated';
  /** The participant's own conversation (row) id. */
  conversationId: string;
  accountId: string;
}

export interface TokenRevoked {
  type: 'token.revoked';
  tokenId: string;
}

export interface FiltersChanged {
  type: 'filters.changed';
  accountId: string;
}

export type DomainEvent = StatusCreated | StatusDeleted | NotificationCreated | ConversationUpdated | TokenRevoked | FiltersChanged;

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);

/** The event if it has the shape streaming needs, else null (ignored). */
export function parseEvent(payload: unknown): DomainEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const event = payload as Record<string, unknown>;
  switch (event.type) {
    case 'status.created':
      return isString(event.statusId) && isString(event.accountId) && isString(event.visibility) &&
        (event.reblogOfId === null || isString(event.reblogOfId)) && isStringArray(event.mentionedAccountIds) &&
        optional(event.tags, isStringArray)
        ? (event as unknown as StatusCreated)
        : null;
    case 'status.deleted':
      return isString(event.statusId) && isString(event.accountId) && optional(event.visibility, isString) &&
        optional(event.mentionedAccountIds, isStringArray) && optional(event.tags, isStringArray)
        ? (event as unknown as StatusDeleted)
        : null;
    case 'notification.created':
      return isString(event.notificationId) && isString(event.accountId) ? (event as unknown as NotificationCreated) : null;
    case 'conversation.updated':
      return isString(event.conversationId) && isString(event.accountId) ? (event as unknown as ConversationUpdated) : null;
    case 'token.revoked':
      return isString(event.tokenId) ? (event as unknown as TokenRevoked) : null;
    case 'filters.changed':
      return isString(event.accountId) ? (event as unknown as FiltersChanged) : null;
    default:
      return null;
  }
}
