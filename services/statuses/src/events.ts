import type { Channel, ChannelEvent, EventBus } from '@social/pubsub';
import type { StatusRecord } from './status/status.data.js';

/** The channel statuses' domain events go out on. */
export const STATUS_EVENTS_CHANNEL = 'statuses' satisfies Channel;
/** The channel a recorded notification is announced on (its owner's streams show it). */
const NOTIFICATION_EVENTS_CHANNEL = 'notifications' satisfies Channel;
/** The channel a change of a user's filters is announced on (their user stream shows filters_changed). */
const FILTER_EVENTS_CHANNEL = 'filters' satisfies Channel;

/**
 * What happened to statuses, for streaming and notifications (the shapes and
 * the list of types are shared with the listeners: @social/pubsub's events).
 */
export type StatusEvent = ChannelEvent<typeof STATUS_EVENTS_CHANNEL>;

/** A notification was recorded for `accountId`, published after the write committed. */
export type NotificationEvent = ChannelEvent<typeof NOTIFICATION_EVENTS_CHANNEL>;

/**
 * One participant's direct conversation changed (a status arrived in it or
 * its newest went, or it was read), published after the write committed: the
 * participant's direct stream shows it again. `conversationId` is the id of
 * that participant's row, the Conversation's id.
 */
export type ConversationEvent = { type: 'conversation.updated'; conversationId: string; accountId: string };

/** The facts of a status every event about it carries. */
function facts(record: StatusRecord) {
  return {
    statusId: record.id.toString(),
    accountId: record.accountId.toString(),
    visibility: record.visibility,
    reblogOfId: record.reblogOfId?.toString() ?? null,
    mentionedAccountIds: record.mentions.map((mention) => mention.accountId.toString()),
    tags: record.tags.map(({ tag }) => tag.name),
  };
}

export function statusCreated(record: StatusRecord): StatusEvent {
  return { type: 'status.created', ...facts(record), inReplyToAccountId: record.inReplyToAccountId?.toString() ?? null };
}

/** An edit committed: carried again by the streams that carried the status (docs/api/edits.md#events). */
export function statusUpdated(record: StatusRecord): StatusEvent {
  return {
    type: 'status.updated',
    ...facts(record),
    inReplyToAccountId: record.inReplyToAccountId?.toString() ?? null,
    editedAt: (record.editedAt ?? record.updatedAt).toISOString(),
  };
}

export function statusDeleted(record: StatusRecord): StatusEvent {
  return { type: 'status.deleted', ...facts(record) };
}

/** Publishes after the write committed; a bus failure never undoes or fails the write. */
export class StatusEvents {
  constructor(
    private readonly bus: EventBus,
    private readonly onError: (error: unknown) => void,
  ) {}

  emit(event: StatusEvent): void {
    this.bus.publish(STATUS_EVENTS_CHANNEL, event).catch(this.onError);
  }

  notificationCreated(notificationId: bigint | string, accountId: bigint | string): void {
    const event: NotificationEvent = { type: 'notification.created', notificationId: notificationId.toString(), accountId: accountId.toString() };
    this.bus.publish(NOTIFICATION_EVENTS_CHANNEL, event).catch(this.onError);
  }

  filtersChanged(accountId: bigint | string): void {
    const event: ChannelEvent<typeof FILTER_EVENTS_CHANNEL> = { type: 'filters.changed', accountId: accountId.toString() };
    this.bus.publish(FILTER_EVENTS_CHANNEL, event).catch(this.onError);
  }

  conversationUpdated(conversationId: bigint | string, accountId: bigint | string): void {
    const event: ConversationEvent = { type: 'conversation.updated', conversationId: conversationId.toString(), accountId: accountId.toString() };
    this.bus.publish(STATUS_EVENTS_CHANNEL, event).catch(this.onError);
  }
}
