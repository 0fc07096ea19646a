// Mastodon's REST::NotificationPolicySerializer (v2) and the v1 policy's booleans (docs/api/notification-policy.md).
import type { NotificationPolicyAction, NotificationPolicyFieldsFragment } from '../../gql/operations.js';

/** The v2 policy: each rule as accept, filter or drop; the summary's counts as numbers. */
export function notificationPolicyToMastodon(policy: NotificationPolicyFieldsFragment): Record<string, unknown> {
  return {
    for_not_following: policy.forNotFollowing.toLowerCase(),
    for_not_followers: policy.forNotFollowers.toLowerCase(),
    for_new_accounts: policy.forNewAccounts.toLowerCase(),
    for_private_mentions: policy.forPrivateMentions.toLowerCase(),
    for_limited_accounts: policy.forLimitedAccounts.toLowerCase(),
    summary: { pending_requests_count: policy.summary.pendingRequestsCount, pending_notifications_count: policy.summary.pendingNotificationsCount },
  };
}

/** The v1 policy: filter_* true where the rule filters (or drops), the counts as strings, as Mastodon 4.2 answered. */
export function notificationPolicyV1ToMastodon(policy: NotificationPolicyFieldsFragment): Record<string, unknown> {
  const filters = (action: NotificationPolicyAction) => action !== 'ACCEPT';
  return {
    filter_not_following: filters(policy.forNotFollowing),
    filter_not_followers: filters(policy.forNotFollowers),
    filter_new_accounts: filters(policy.forNewAccounts),
    filter_private_mentions: filters(policy.forPrivateMentions),
    summary: {
      pending_requests_count: String(policy.summary.pendingRequestsCount),
      pending_notifications_count: String(policy.summary.pendingNotificationsCount),
    },
  };
}
