import { ACCOUNT_FRAGMENTS } from '../account/account.fragment.js';
import { REPORT_FRAGMENTS } from '../report/report.fragment.js';
import { STATUS_FRAGMENTS } from '../status/status.fragment.js';

/** The one Notification selection (REST and streaming). */
export const NOTIFICATION_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  ...STATUS_FRAGMENTS,
  ...REPORT_FRAGMENTS,
  `fragment NotificationFields on Notification {
  id type createdAt groupKey filtered
  account { ...AccountFields }
  status { ...StatusFields }
  report { ...ReportFields }
}`,
];
