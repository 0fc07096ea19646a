import type { EventBus } from '@social/pubsub';
import type { StatusRecord } from './status/status.data.js';

/** The channel statuses' domain events go out on. */
export const STATUS_EVENTS_CHANNEL = 'statuses';
/** The channel a recorded notification is announced on (its owner's streams show it). */
const NOTIFICATION_EVENTS_CHANNEL = 'notifications';

/**
 * What happened to statuses, for streaming and notifications. Ids are
 * strings; a boost is a status of its own (`reblogOfId` set). The optional
 * facts let streaming route an event without a query; a consumer must cope
 * with their absence (it then asks).
 */
export type StatusEvent =
  | {
      type: 'status.created';
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
    }
  | {
      type: 'status.deleted';
      statusId: string;
      accountId: string;
      visibility?: string;
      reblogOfId?: string | null;
      mentionedAccountIds?: string[];
      tags?: string[];
    }
  | {
      type: 'status.favourited';
      statusId: string;
      /** Who favourited. */
      accountId: string;
      /** The author of the favourited status. */
      statusAccountId: string;
    };

/** A notification was recorded for `accountId`, published after the write committed. */
export type NotificationEvent = { type: 'notification.created'; notificationId: string; accountId: string };

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

  conversationUpdated(conversationId: bigint | string, accountId: bigint | string): void {
    const event: ConversationEvent = { type: 'conversation.updated', conversationId: conversationId.toString(), accountId: accountId.toString() };
    this.bus.publish(STATUS_EVENTS_CHANNEL, event).catch(this.onError);
  }
}
