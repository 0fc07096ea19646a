// Mastodon's REST::ReportSerializer, REST::Admin::ReportSerializer and REST::Admin::AccountSerializer (docs/api/moderation.md).
import type { AdminAccountFieldsFragment, AdminReportFieldsFragment, ReportFieldsFragment } from '../../gql/operations.js';
import { accountToMastodon, roleToMastodon } from '../account/to-mastodon.js';
import { timestamp } from '../operation.js';
import { statusToMastodon } from '../status/to-mastodon.js';

/** The attributes both serializers begin with. */
function reportAttributes(report: Pick<ReportFieldsFragment, 'id' | 'actionTaken' | 'actionTakenAt' | 'category' | 'comment' | 'forwarded' | 'createdAt'>) {
  return {
    id: report.id,
    action_taken: report.actionTaken,
    action_taken_at: report.actionTakenAt ? timestamp(report.actionTakenAt) : null,
    category: report.category.toLowerCase(),
    comment: report.comment,
    forwarded: report.forwarded,
    created_at: timestamp(report.createdAt),
  };
}

/** The reporter's view. An empty rule list is null, as Mastodon's nullable rule_ids column shows it. */
export function reportToMastodon(report: ReportFieldsFragment) {
  return {
    ...reportAttributes(report),
    status_ids: report.statusIds,
    rule_ids: report.ruleIds.length > 0 ? report.ruleIds : null,
    target_account: accountToMastodon(report.targetAccount),
  };
}

/** Admin::Account: the user's side beside the account; every account here is local (domain null). */
export function adminAccountToMastodon(account: AdminAccountFieldsFragment) {
  const info = account.adminInfo;
  return {
    id: account.id,
    username: account.username,
    domain: null,
    created_at: timestamp(account.createdAt),
    email: info?.email ?? null,
    ip: info?.ip ?? null,
    ips: info?.ip ? [{ ip: info.ip, used_at: timestamp(account.createdAt) }] : [],
    locale: info?.locale ?? null,
    invite_request: info?.inviteRequest ?? null,
    role: roleToMastodon(info?.role),
    confirmed: info?.confirmed ?? false,
    approved: info?.approved ?? false,
    disabled: info?.disabled ?? false,
    sensitized: info?.sensitized ?? false,
    silenced: account.limited,
    suspended: account.suspended,
    account: accountToMastodon(account),
  };
}

export function adminReportToMastodon(report: AdminReportFieldsFragment) {
  return {
    ...reportAttributes(report),
    updated_at: timestamp(report.updatedAt),
    account: adminAccountToMastodon(report.account),
    target_account: adminAccountToMastodon(report.targetAccount),
    assigned_account: report.assignedAccount ? adminAccountToMastodon(report.assignedAccount) : null,
    action_taken_by_account: report.actionTakenByAccount ? adminAccountToMastodon(report.actionTakenByAccount) : null,
    statuses: report.statuses.map((status) => statusToMastodon(status)),
    rules: report.rules.map((rule) => ({ id: rule.id, text: rule.text, hint: rule.hint })),
  };
}
