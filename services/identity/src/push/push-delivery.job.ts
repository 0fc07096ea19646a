import type { Logger } from '@social/config';
import { ANONYMOUS } from '@social/federation';
import { defaultBackoffMs, PUSH_DELIVERY_QUEUE, UnrecoverableJobError, type PushDeliveryPayload, type QueueDefinition } from '@social/jobs';
import { RefusedUrlError } from '@social/outbound';
import type { AccountData } from '../account/account.data.js';
import type { AccountService } from '../account/account.service.js';
import { pushMessage } from './push-message.js';
import { sendPush } from './push-send.js';
import type { PushSubscriptionData } from './push-subscription.data.js';
import type { PushedNotificationData } from './pushed-notification.data.js';
import type { VapidKeyring } from './vapid.js';

export interface PushDeliveryDeps {
  subscriptions: PushSubscriptionData;
  notifications: PushedNotificationData;
  accounts: AccountData;
  accountService: AccountService;
  vapid: VapidKeyring;
  /** The VAPID JWT's sub claim. */
  vapidSubject: string;
  allowPrivate: boolean;
  logger?: Logger;
}

const ID = /^\d{1,19}$/;

/** Whether the push service's answer says the subscription is gone for good: any 4xx but 408 and 429, as Mastodon reads it. */
function subscriptionGone(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * Sends one notification to one subscription (Mastodon's
 * Web::PushNotificationWorker; docs/api/push.md#delivery). Idempotent enough
 * for at-least-once: a push sent twice shows once on the device (the same
 * notification_id). Retried with backoff on 5xx, 408, 429 and network
 * errors; the subscription is removed when the push service says it is gone.
 */
export function pushDeliveryQueue(deps: PushDeliveryDeps): Record<string, QueueDefinition<PushDeliveryPayload>> {
  return {
    [PUSH_DELIVERY_QUEUE]: {
      async handle(job, signal) {
        const { subscriptionId, notificationId } = job.payload;
        if (!ID.test(String(subscriptionId)) || !ID.test(String(notificationId))) throw new UnrecoverableJobError(`bad payload ${JSON.stringify(job.payload)}`);
        const target = await deps.subscriptions.target(BigInt(subscriptionId));
        // Unsubscribed, its token revoked, or its user suspended since: nothing to send.
        if (!target) return;
        const notification = await deps.notifications.find(BigInt(notificationId));
        // What it announced was undone meanwhile (an unfavourite, a deleted status).
        if (!notification || notification.accountId !== target.accountId) return;
        const [sender] = await deps.accounts.findByIds([notification.fromAccountId.toString()]);
        if (!sender) return;
        const accessToken = (await deps.vapid.seal()).open(target.sealedToken);
        if (accessToken === null) {
          // Sealed under another VAPID key: the push service refuses this subscription's pushes anyway.
          await deps.subscriptions.deleteById(target.id);
          return;
        }
        const message = pushMessage({
          accessToken,
          locale: target.locale,
          notificationId: notification.id,
          type: notification.type,
          sender: { username: sender.username, displayName: sender.displayName, note: sender.note, avatarStatic: deps.accountService.toAccount(sender, ANONYMOUS).avatarStatic },
          status: notification,
        });
        let status: number;
        try {
          status = await sendPush(target, JSON.stringify(message), { ...(await deps.vapid.keys()), subject: deps.vapidSubject }, { allowPrivate: deps.allowPrivate, signal });
        } catch (error) {
          if (!(error instanceof RefusedUrlError)) throw error;
          deps.logger?.info({ subscriptionId, reason: error.message }, 'push endpoint refused; subscription removed');
          await deps.subscriptions.deleteById(target.id);
          return;
        }
        if (status >= 200 && status < 300) return;
        if (subscriptionGone(status)) {
          deps.logger?.info({ subscriptionId, status }, 'push service says the subscription is gone; removed');
          await deps.subscriptions.deleteById(target.id);
          return;
        }
        throw new Error(`the push service answered ${status}`);
      },
      // 2 s, 8 s, 32 s, 2 min: a push service's outage gets a few minutes, as Mastodon's five Sidekiq retries do.
      backoffMs: (attempt) => defaultBackoffMs(2 * attempt - 1),
    },
  };
}
