import { ACCOUNT_FRAGMENTS } from '../account/account.fragment.js';
import { STATUS_FRAGMENTS } from '../status/status.fragment.js';

/** The one NotificationRequest selection. */
export const NOTIFICATION_REQUEST_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  ...STATUS_FRAGMENTS,
  `fragment NotificationRequestFields on NotificationRequest {
  id createdAt updatedAt notificationsCount
  account { ...AccountFields }
  lastStatus { ...StatusFields }
}`,
];
