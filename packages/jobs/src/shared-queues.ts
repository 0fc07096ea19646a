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

/**
 * Deleting a suspended account's data (docs/api/moderation.md#deleting-an-account), one step per owner,
 * each enqueuing the next: identity checks the deletion is still due (the suspension was not lifted or
 * renewed since: `suspendedAt` is the suspension's time, ISO 8601), revokes the login and blanks the
 * account, then statuses deletes what the account did and what points at it, then media its files.
 */
export const ACCOUNT_PURGE_QUEUE = 'accounts.purge';
export type AccountPurgePayload = { accountId: string; suspendedAt: string };

/** The statuses subgraph's part of deleting an account (see ACCOUNT_PURGE_QUEUE). */
export const ACCOUNT_PURGE_STATUSES_QUEUE = 'accounts.purge-statuses';
/** The media subgraph's part, once the statuses are gone: the account's attachments and their files. */
export const ACCOUNT_PURGE_MEDIA_QUEUE = 'accounts.purge-media';
export type AccountPurgeStepPayload = { accountId: string };

/** How long a suspended account's data is kept, so the suspension can be lifted (Mastodon's AccountDeletionRequest::DELAY_TO_DELETION). */
export const ACCOUNT_DELETION_DELAY_MS = 30 * 24 * 3600 * 1000;
