import { ACCOUNT_FRAGMENTS } from '../account/account.fragment.js';
import { STATUS_FRAGMENTS } from '../status/status.fragment.js';

/** The one selection of notification groups with their accounts and statuses (GET /api/v2/notifications and /:group_key). */
export const NOTIFICATION_GROUP_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  ...STATUS_FRAGMENTS,
  `fragment NotificationGroupPageFields on NotificationGroupPage {
  groups {
    groupKey type notificationsCount mostRecentNotificationId pageMinId pageMaxId latestPageNotificationAt sampleAccountIds statusId
  }
  accounts { ...AccountFields }
  statuses { ...StatusFields }
  nextMaxId prevMinId
}`,
];
