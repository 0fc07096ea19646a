// Mastodon's REST::NotificationRequestSerializer: notifications_count is a string.
import type { NotificationRequestFieldsFragment } from '../../gql/operations.js';
import { accountToMastodon } from '../account/to-mastodon.js';
import { timestamp } from '../operation.js';
import { statusToMastodon } from '../status/to-mastodon.js';

export function notificationRequestToMastodon(request: NotificationRequestFieldsFragment): Record<string, unknown> {
  return {
    id: request.id,
    created_at: timestamp(request.createdAt),
    updated_at: timestamp(request.updatedAt),
    notifications_count: String(request.notificationsCount),
    account: accountToMastodon(request.account),
    last_status: request.lastStatus ? statusToMastodon(request.lastStatus) : null,
  };
}
