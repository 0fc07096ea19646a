/**
 * Queues one service fills and another works (the jobs table is shared):
 * their names and payloads, defined once for both sides.
 */

/** An account was unlocked (identity); its pending follow requests are accepted (statuses; docs/api/follow-requests.md#unlocking). */
export const ACCEPT_FOLLOW_REQUESTS_QUEUE = 'follow-requests.accept';

export type AcceptFollowRequestsPayload = { accountId: string };

/**
 * A notification was recorded (statuses) for an account one of whose Web Push
 * subscriptions wants it; identity renders and sends the push (docs/api/push.md#delivery).
 */
export const PUSH_DELIVERY_QUEUE = 'push.deliver';

export type PushDeliveryPayload = { subscriptionId: string; notificationId: string };
