// Mastodon's REST::WebPushSubscriptionSerializer (docs/api/push.md#the-entity): every alert key, the policy, the VAPID key.
import type { WebPushAlertsInput, WebPushPolicy, WebPushSubscriptionFieldsFragment } from '../../gql/operations.js';

/** Mastodon's alert keys and the GraphQL field of each. */
export const ALERT_KEYS = {
  mention: 'mention',
  status: 'status',
  reblog: 'reblog',
  follow: 'follow',
  follow_request: 'followRequest',
  favourite: 'favourite',
  poll: 'poll',
  update: 'update',
  'admin.sign_up': 'adminSignUp',
  'admin.report': 'adminReport',
} as const satisfies Record<string, keyof WebPushAlertsInput>;

export type MastodonAlertKey = keyof typeof ALERT_KEYS;

/** Mastodon's data[policy] values and the GraphQL WebPushPolicy of each. */
export const POLICIES: Record<string, WebPushPolicy> = { all: 'ALL', followed: 'FOLLOWED', follower: 'FOLLOWER', none: 'NONE' };

export interface MastodonWebPushSubscription {
  id: string;
  endpoint: string;
  standard: boolean;
  alerts: Record<MastodonAlertKey, boolean>;
  server_key: string;
  policy: string;
}

export function webPushSubscriptionToMastodon(subscription: WebPushSubscriptionFieldsFragment): MastodonWebPushSubscription {
  const alerts = Object.fromEntries(Object.entries(ALERT_KEYS).map(([key, field]) => [key, subscription.alerts[field]])) as Record<MastodonAlertKey, boolean>;
  return {
    id: subscription.id,
    endpoint: subscription.endpoint,
    standard: subscription.standard,
    alerts,
    server_key: subscription.serverKey,
    policy: subscription.policy.toLowerCase(),
  };
}
