import { PUSH_DELIVERY_QUEUE, type JobQueue, type PushDeliveryPayload } from '@social/jobs';
import type { PushTarget, PushTargetsData } from './push-targets.data.js';

/** A notification just recorded and announced: what deciding its pushes needs. */
export interface RecordedNotification {
  id: bigint;
  accountId: bigint;
  fromAccountId: bigint;
  type: string;
}

/**
 * Decides which Web Push subscriptions hear of a notification, as Mastodon's
 * NotifyService asks each subscription `pushable?`: its alert for the type is
 * on and its policy lets the sender through (followed: the recipient follows
 * the sender; follower: the sender follows the recipient). Each match is one
 * durable job, sent by identity (docs/api/push.md#delivery).
 */
export class PushDispatch {
  constructor(
    private readonly data: PushTargetsData,
    /** Whether each "follower:followed" pair is a follow. */
    private readonly follows: (pairs: readonly string[]) => Promise<boolean[]>,
    private readonly jobs: JobQueue,
  ) {}

  async notified(notifications: readonly RecordedNotification[]): Promise<void> {
    if (notifications.length === 0) return;
    const targets = await this.data.subscriptionsOf([...new Set(notifications.map((n) => n.accountId))]);
    if (targets.length === 0) return;
    const candidates = notifications.flatMap((notification) =>
      targets.filter((target) => target.accountId === notification.accountId && target.alerts.includes(notification.type) && target.policy !== 'none').map((target) => ({ notification, target })),
    );
    const pairs = [...new Set(candidates.flatMap(({ notification, target }) => followPair(notification, target) ?? []))];
    const followed = new Set(pairs.length === 0 ? [] : (await this.follows(pairs)).flatMap((yes, i) => (yes ? [pairs[i]] : [])));
    const pushed = candidates.filter(({ notification, target }) => {
      const pair = followPair(notification, target);
      return pair === null || followed.has(pair);
    });
    for (const { notification, target } of pushed) {
      await this.jobs.enqueue<PushDeliveryPayload>(PUSH_DELIVERY_QUEUE, { subscriptionId: target.id.toString(), notificationId: notification.id.toString() });
    }
  }
}

/** The follow the policy asks for, as "follower:followed"; null when it asks none (all). */
function followPair(notification: RecordedNotification, target: PushTarget): string | null {
  if (target.policy === 'followed') return `${notification.accountId}:${notification.fromAccountId}`;
  if (target.policy === 'follower') return `${notification.fromAccountId}:${notification.accountId}`;
  return null;
}
