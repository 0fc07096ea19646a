// Mastodon's REST::NotificationRequestSerializer: notifications_count is a string.
import { accountToMastodon, type GqlAccount } from '../account/to-mastodon.js';
import { timestamp } from '../operation.js';
import { statusToMastodon, type GqlStatus } from '../status/to-mastodon.js';

export interface GqlNotificationRequest {
  id: string;
  createdAt: string;
  updatedAt: string;
  notificationsCount: number;
  account: GqlAccount;
  lastStatus: GqlStatus | null;
}

export function notificationRequestToMastodon(request: GqlNotificationRequest): Record<string, unknown> {
  return {
    id: request.id,
    created_at: timestamp(request.createdAt),
    updated_at: timestamp(request.updatedAt),
    notifications_count: String(request.notificationsCount),
    account: accountToMastodon(request.account),
    last_status: request.lastStatus ? statusToMastodon(request.lastStatus) : null,
  };
}
