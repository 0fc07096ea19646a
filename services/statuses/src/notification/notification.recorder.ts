import type { StatusEvents } from '../events.js';
import type { StatusRecord } from '../status/status.data.js';
import type { RecordedNotification } from '../push/push-dispatch.js';
import type { NewNotification, NotificationData } from './notification.data.js';
import type { NotificationPolicyData, PolicyAction } from './notification-policy.data.js';
import { FILTERABLE_TYPES, policyAction } from './notification-policy.js';

/**
 * Records notifications as Mastodon's NotifyService and LocalNotificationWorker
 * do: never to oneself, never about a status in a conversation the recipient
 * muted. Each is announced on the bus after its row committed. Recording runs
 * after the action's own write: a failure is logged and never fails the action
 * (Mastodon records them in a background worker). The recipient's notification
 * policy then drops the notification, or records it filtered under a request
 * from the sender, unannounced (docs/api/notification-policy.md).
 */
export class NotificationRecorder {
  constructor(
    private readonly data: NotificationData,
    private readonly policy: NotificationPolicyData,
    private readonly events: StatusEvents,
    private readonly onError: (error: unknown) => void,
    /** Enqueues the Web Push deliveries of notifications announced (docs/api/push.md#delivery). */
    private readonly push?: (notifications: readonly RecordedNotification[]) => Promise<void>,
  ) {}

  /** Local accounts mentioned by a new status. */
  async mentioned(status: StatusRecord): Promise<void> {
    const recipients = status.mentions.map((mention) => mention.accountId).filter((accountId) => accountId !== status.accountId);
    await this.record(
      status,
      recipients.map((accountId) => ({ accountId, fromAccountId: status.accountId, type: 'mention', statusId: status.id })),
    );
  }

  /** The author of a boosted status; the notification points at the boost, so unboosting removes it. */
  async reblogged(boost: StatusRecord, original: StatusRecord): Promise<void> {
    await this.record(original, [{ accountId: original.accountId, fromAccountId: boost.accountId, type: 'reblog', statusId: boost.id }]);
  }

  /**
   * The author of a favourited status. The row points at the favourite only (its status is read through it):
   * a foreign key to the status would share-lock a popular status's row from every notification written while
   * others favourite it, which deadlocks their favourite statements.
   */
  async favourited(favouriteId: bigint, status: StatusRecord, fromAccountId: bigint): Promise<void> {
    await this.record(status, [{ accountId: status.accountId, fromAccountId, type: 'favourite', favouriteId }]);
  }

  /** Local accounts that boosted an edited status (Mastodon notifies boosters only, not favouriters; docs/api/edits.md#notifications). */
  async edited(status: StatusRecord, boosterIds: bigint[]): Promise<void> {
    await this.record(
      status,
      boosterIds.map((accountId) => ({ accountId, fromAccountId: status.accountId, type: 'update', statusId: status.id })),
    );
  }

  async followed(followId: bigint, accountId: bigint, targetAccountId: bigint): Promise<void> {
    await this.record(null, [{ accountId: targetAccountId, fromAccountId: accountId, type: 'follow', followId }]);
  }

  /** The locked account asked to follow; the row points at the request, so authorizing, rejecting or withdrawing it removes the notification. */
  async followRequested(followRequestId: bigint, accountId: bigint, targetAccountId: bigint): Promise<void> {
    await this.record(null, [{ accountId: targetAccountId, fromAccountId: accountId, type: 'follow_request', followRequestId }]);
  }

  /**
   * Followers who asked to be notified of the author's posts (follow's
   * `notify`), of a new status that reaches their home timeline: not a boost,
   * not a reply to someone else, not direct (docs/api/accounts.md#follow-options).
   */
  async posted(status: StatusRecord, subscribers: readonly bigint[]): Promise<void> {
    if (subscribers.length === 0 || status.reblogOfId !== null || status.visibility === 'direct') return;
    if (status.inReplyToAccountId !== null && status.inReplyToAccountId !== status.accountId) return;
    await this.record(status, subscribers.map((accountId) => ({ accountId, fromAccountId: status.accountId, type: 'status', statusId: status.id })));
  }

  /** The moderators who handle reports, of a new report (Mastodon's admin.report); never the reporter. */
  async reported(reportId: bigint, reporterId: bigint, moderators: readonly bigint[]): Promise<void> {
    await this.record(null, moderators.map((accountId) => ({ accountId, fromAccountId: reporterId, type: 'admin_report', reportId })));
  }

  /** Announces notifications written elsewhere (a poll's end), and pushes them. */
  async announce(records: readonly RecordedNotification[]): Promise<void> {
    for (const record of records) this.events.notificationCreated(record.id, record.accountId);
    await this.pushed(records);
  }

  /** A failure to enqueue a push is logged; the notification stands. */
  private async pushed(records: readonly RecordedNotification[]): Promise<void> {
    if (!this.push || records.length === 0) return;
    try {
      await this.push(records);
    } catch (error) {
      this.onError(error);
    }
  }

  private async record(status: StatusRecord | null, notifications: NewNotification[]): Promise<void> {
    try {
      const wanted = notifications.filter((notification) => notification.accountId !== notification.fromAccountId);
      if (wanted.length === 0) return;
      const silenced = await this.data.silenced(status?.conversationId ?? null, wanted[0].fromAccountId, wanted.map((n) => n.accountId));
      const heard = wanted.filter((notification) => !silenced.has(notification.accountId));
      const actions = await this.actions(status, heard);
      const announced: RecordedNotification[] = [];
      for (const notification of heard) {
        const action = actions.get(notification.accountId) ?? 'accept';
        if (action === 'drop') continue;
        const created = await this.data.create(action === 'filter' ? { ...notification, filtered: true } : notification);
        if (!created) continue;
        if (action === 'filter') {
          await this.policy.upsertRequest(notification.accountId, notification.fromAccountId, notification.type === 'mention' ? (notification.statusId ?? null) : null);
          continue;
        }
        this.events.notificationCreated(created.id, created.accountId);
        announced.push({ ...created, fromAccountId: notification.fromAccountId, type: notification.type });
      }
      // Filtered ones are not pushed, as Mastodon pushes only what it lists.
      await this.pushed(announced);
    } catch (error) {
      this.onError(error);
    }
  }

  /** What each recipient's policy does with its notification (all from one sender, of one type); none looked up for unfilterable types. */
  private async actions(status: StatusRecord | null, notifications: NewNotification[]): Promise<Map<bigint, PolicyAction>> {
    const filterable = notifications.filter((notification) => FILTERABLE_TYPES.has(notification.type));
    if (filterable.length === 0) return new Map();
    const fromAccountId = filterable[0].fromAccountId;
    const ids = filterable.map((notification) => notification.accountId);
    const direct = status?.visibility === 'direct' && status.accountId === fromAccountId;
    const [{ sender, recipients }, threads] = await Promise.all([
      this.policy.facts(fromAccountId, ids),
      direct ? this.policy.privateThreads(status.inReplyToId, fromAccountId, ids) : Promise.resolve(new Set<bigint>()),
    ]);
    const now = new Date();
    const actions = new Map<bigint, PolicyAction>();
    for (const notification of filterable) {
      const recipient = recipients.get(notification.accountId);
      if (!sender || !recipient) continue;
      const privateMention = notification.type === 'mention' && direct && !threads.has(notification.accountId);
      actions.set(notification.accountId, policyAction({ type: notification.type, privateMention, sender, recipient, now }));
    }
    return actions;
  }
}
