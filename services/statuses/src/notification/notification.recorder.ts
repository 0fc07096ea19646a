import type { StatusEvents } from '../events.js';
import type { StatusRecord } from '../status/status.data.js';
import type { NewNotification, NotificationData, NotificationRecord } from './notification.data.js';

/**
 * Records notifications as Mastodon's NotifyService and LocalNotificationWorker
 * do: never to oneself, never about a status in a conversation the recipient
 * muted. Each is announced on the bus after its row committed. Recording runs
 * after the action's own write: a failure is logged and never fails the action
 * (Mastodon records them in a background worker).
 */
export class NotificationRecorder {
  constructor(
    private readonly data: NotificationData,
    private readonly events: StatusEvents,
    private readonly onError: (error: unknown) => void,
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

  async followed(followId: bigint, accountId: bigint, targetAccountId: bigint): Promise<void> {
    await this.record(null, [{ accountId: targetAccountId, fromAccountId: accountId, type: 'follow', followId }]);
  }

  /** The moderators who handle reports, of a new report (Mastodon's admin.report); never the reporter. */
  async reported(reportId: bigint, reporterId: bigint, moderators: readonly bigint[]): Promise<void> {
    await this.record(null, moderators.map((accountId) => ({ accountId, fromAccountId: reporterId, type: 'admin_report', reportId })));
  }

  /** Announces notifications written elsewhere (a poll's end). */
  announce(records: NotificationRecord[]): void {
    for (const record of records) this.events.notificationCreated(record.id, record.accountId);
  }

  private async record(status: StatusRecord | null, notifications: NewNotification[]): Promise<void> {
    try {
      const wanted = notifications.filter((notification) => notification.accountId !== notification.fromAccountId);
      const recipients = wanted.map((n) => n.accountId);
      const [muted, silencing] = await Promise.all([
        status?.conversationId ? this.data.mutedBy(status.conversationId, recipients) : new Set<bigint>(),
        wanted.length > 0 ? this.data.silencing(wanted[0].fromAccountId, recipients) : new Set<bigint>(),
      ]);
      for (const notification of wanted) {
        if (muted.has(notification.accountId) || silencing.has(notification.accountId)) continue;
        const created = await this.data.create(notification);
        if (created) this.announce([created]);
      }
    } catch (error) {
      this.onError(error);
    }
  }
}
