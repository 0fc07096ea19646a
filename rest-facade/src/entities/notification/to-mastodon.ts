// Mastodon's REST::NotificationSerializer: `status` only for the types that are about one, `filtered` only when true.
import type { NotificationFieldsFragment, NotificationType } from '../../gql/operations.js';
import { accountToMastodon } from '../account/to-mastodon.js';
import { timestamp } from '../operation.js';
import { reportToMastodon } from '../report/to-mastodon.js';
import { hiddenByFilter, statusToMastodon } from '../status/to-mastodon.js';

/** The old name, for code merged from before the generated types. @deprecated Use NotificationFieldsFragment. @public */
export type GqlNotification = NotificationFieldsFragment;

/** Notification::TARGET_STATUS_INCLUDES_BY_TYPE's keys: the types whose JSON carries `status`. */
const STATUS_TYPES = new Set(['mention', 'status', 'reblog', 'favourite', 'poll', 'update', 'quote', 'quoted_update']);

/** The GraphQL NotificationType of each REST type name this server records; the other names Mastodon knows match nothing here. */
const GQL_TYPES = new Map<string, NotificationType>([
  ...['mention', 'status', 'reblog', 'follow', 'follow_request', 'favourite', 'poll', 'update'].map((name): [string, NotificationType] => [name, name.toUpperCase() as NotificationType]),
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
export function notificationTypesOf(names: readonly string[] | null): NotificationType[] | null {
  if (!names || names.length === 0) return null;
  return names.flatMap((name) => GQL_TYPES.get(name) ?? []);
}

/** Whether a hide filter of the notifications context removes the notification's status, and so the notification. */
export function notificationHidden(notification: NotificationFieldsFragment): boolean {
  return notification.status !== null && hiddenByFilter(notification.status, 'notifications');
}

export function notificationToMastodon(notification: NotificationFieldsFragment): Record<string, unknown> {
  const type = restNotificationType(notification.type);
  const json: Record<string, unknown> = {
    id: notification.id,
    type,
    created_at: timestamp(notification.createdAt),
    group_key: notification.groupKey,
    // Mastodon's serializer adds the key only to a filtered notification (docs/api/notification-policy.md).
    ...(notification.filtered ? { filtered: true } : {}),
    account: accountToMastodon(notification.account),
  };
  if (STATUS_TYPES.has(type)) json.status = notification.status ? statusToMastodon(notification.status, { filterContext: 'notifications' }) : null;
  if (type === 'admin.report') json.report = notification.report ? reportToMastodon(notification.report) : null;
  return json;
}
