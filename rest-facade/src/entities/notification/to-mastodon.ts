// Mastodon's REST::NotificationSerializer: `status` only for the types that are about one.
import { accountToMastodon, type GqlAccount } from '../account/to-mastodon.js';
import { timestamp } from '../operation.js';
import { reportToMastodon, type GqlReport } from '../report/to-mastodon.js';
import { hiddenByFilter, statusToMastodon, type GqlStatus } from '../status/to-mastodon.js';

export interface GqlNotification {
  id: string;
  type: string;
  createdAt: string;
  groupKey: string;
  account: GqlAccount;
  status: GqlStatus | null;
  /** An admin.report notification's report. */
  report?: GqlReport | null;
}

/** Notification::TARGET_STATUS_INCLUDES_BY_TYPE's keys: the types whose JSON carries `status`. */
const STATUS_TYPES = new Set(['mention', 'status', 'reblog', 'favourite', 'poll', 'update', 'quote', 'quoted_update']);

/** The GraphQL NotificationType of each REST type name this server records; the other names Mastodon knows match nothing here. */
const GQL_TYPES = new Map([
  ...['mention', 'status', 'reblog', 'follow', 'follow_request', 'favourite', 'poll', 'update'].map((name): [string, string] => [name, name.toUpperCase()]),
  ['admin.report', 'ADMIN_REPORT'],
]);

/** The REST name of a GraphQL NotificationType: lower case, and `admin.report` with its dot. */
export function restNotificationType(gqlType: string): string {
  return gqlType === 'ADMIN_REPORT' ? 'admin.report' : gqlType.toLowerCase();
}

/**
 * REST types[] or exclude_types[] as the NotificationType list the query
 * takes, unknown names left out. Absent (or empty) stays null, every type;
 * a list naming only unknown types becomes [], none.
 */
export function notificationTypesOf(names: readonly string[] | null): string[] | null {
  if (!names || names.length === 0) return null;
  return names.flatMap((name) => GQL_TYPES.get(name) ?? []);
}

/** Whether a hide filter of the notifications context removes the notification's status, and so the notification. */
export function notificationHidden(notification: GqlNotification): boolean {
  return notification.status !== null && hiddenByFilter(notification.status, 'notifications');
}

export function notificationToMastodon(notification: GqlNotification): Record<string, unknown> {
  const type = restNotificationType(notification.type);
  const json: Record<string, unknown> = {
    id: notification.id,
    type,
    created_at: timestamp(notification.createdAt),
    group_key: notification.groupKey,
    account: accountToMastodon(notification.account),
  };
  if (STATUS_TYPES.has(type)) json.status = notification.status ? statusToMastodon(notification.status, { filterContext: 'notifications' }) : null;
  if (type === 'admin.report') json.report = notification.report ? reportToMastodon(notification.report) : null;
  return json;
}
