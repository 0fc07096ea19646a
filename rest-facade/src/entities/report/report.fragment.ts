import { ACCOUNT_FRAGMENTS } from '../account/account.fragment.js';
import { STATUS_FRAGMENTS } from '../status/status.fragment.js';

/** The reporter's Report (POST /api/v1/reports, an admin.report notification's report). */
export const REPORT_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  `fragment ReportFields on Report {
  id actionTaken actionTakenAt category comment forwarded createdAt statusIds ruleIds
  targetAccount { ...AccountFields }
}`,
];

/** An account as moderators see it (Admin::Account). */
export const ADMIN_ACCOUNT_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  `fragment AdminAccountFields on Account {
  ...AccountFields
  adminInfo { email locale ip confirmed approved disabled role { id name color permissions highlighted } }
}`,
];

/** A report as moderators handle it (Admin::Report). */
export const ADMIN_REPORT_FRAGMENTS = [
  ...ADMIN_ACCOUNT_FRAGMENTS,
  ...STATUS_FRAGMENTS,
  `fragment AdminReportFields on AdminReport {
  id actionTaken actionTakenAt category comment forwarded createdAt updatedAt ruleIds
  account { ...AdminAccountFields }
  targetAccount { ...AdminAccountFields }
  assignedAccount { ...AdminAccountFields }
  actionTakenByAccount { ...AdminAccountFields }
  statuses { ...StatusFields }
}`,
];
