// Mastodon's REST::NotificationGroupSerializer and the deduplicated envelope (GroupedNotificationsResults):
// docs/api/notifications.md#grouping.
import type { AccountFieldsFragment, NotificationGroupPageFieldsFragment } from '../../gql/operations.js';
import { accountToMastodon } from '../account/to-mastodon.js';
import { timestamp } from '../operation.js';
import { restNotificationType } from '../notification/to-mastodon.js';
import { statusToMastodon } from '../status/to-mastodon.js';

/** The old name, for code merged from before the generated types. @deprecated Use NotificationGroupPageFieldsFragment. @public */
export type GqlNotificationGroupPage = NotificationGroupPageFieldsFragment;

export type GqlNotificationGroup = NotificationGroupPageFieldsFragment['groups'][number];

/** How the envelope gives the accounts: all whole, or only each group's most recent (the others as avatars). */
export type ExpandAccounts = 'full' | 'partial_avatars';

/** The types whose group carries `status_id` (the v1 notification's `status`). */
const STATUS_TYPES = new Set(['mention', 'status', 'reblog', 'favourite', 'poll', 'update', 'quote', 'quoted_update']);

export function notificationGroupToMastodon(group: GqlNotificationGroup): Record<string, unknown> {
  const type = restNotificationType(group.type);
  const json: Record<string, unknown> = {
    group_key: group.groupKey,
    notifications_count: group.notificationsCount,
    type,
    most_recent_notification_id: group.mostRecentNotificationId,
  };
  // Only a page's groups have page bounds; a group shown alone has none.
  if (group.pageMinId !== null && group.pageMaxId !== null && group.latestPageNotificationAt !== null) {
    json.page_min_id = group.pageMinId;
    json.page_max_id = group.pageMaxId;
    json.latest_page_notification_at = timestamp(group.latestPageNotificationAt);
  }
  json.sample_account_ids = group.sampleAccountIds;
  if (STATUS_TYPES.has(type)) json.status_id = group.statusId;
  return json;
}

/** An account as a partial_avatars envelope lists it beside the whole ones (PartialAccountSerializer). */
function partialAccountToMastodon(account: AccountFieldsFragment) {
  return { id: account.id, acct: account.acct, locked: account.locked, bot: account.bot, url: account.url, avatar: account.avatar, avatar_static: account.avatarStatic };
}

/** The envelope `{accounts, [partial_accounts], statuses, notification_groups}`, each account and status once. */
export function notificationGroupPageToMastodon(page: NotificationGroupPageFieldsFragment, expand: ExpandAccounts = 'full'): Record<string, unknown> {
  const groups = page.groups.map(notificationGroupToMastodon);
  // Notifications' filter context (docs/api/filters.md#contexts); a group is not left out for a hide match here.
  const statuses = page.statuses.map((status) => statusToMastodon(status, { filterContext: 'notifications' }));
  if (expand === 'full') return { accounts: page.accounts.map(accountToMastodon), statuses, notification_groups: groups };
  const whole = new Set(page.groups.flatMap((group) => group.sampleAccountIds.slice(0, 1)));
  return {
    accounts: page.accounts.filter((account) => whole.has(account.id)).map(accountToMastodon),
    partial_accounts: page.accounts.filter((account) => !whole.has(account.id)).map(partialAccountToMastodon),
    statuses,
    notification_groups: groups,
  };
}
