/**
 * The moderators' reports (docs/api/moderation.md#handling-a-report; Mastodon's Api::V1::Admin::ReportsController).
 * Every route needs a user token with an admin scope and a role with manage_reports: 403 otherwise.
 * GET /api/v1/admin/reports (admin:read:reports): open reports (resolved=true: resolved ones), newest first;
 *   filters account_id (reporter), target_account_id; max_id, since_id, min_id; limit default 100, at most 200; Link header.
 * GET /api/v1/admin/reports/:id (admin:read:reports): one Admin::Report; 404.
 * PUT /api/v1/admin/reports/:id (admin:write:reports): `category`, `rule_ids[]` (each only when given); the report after it;
 *   422 for an unknown category or rule; 404.
 * POST /api/v1/admin/reports/:id/{assign_to_self,unassign,resolve,reopen} (admin:write:reports): the report after it; 404.
 */
import { adminReportToMastodon } from '../../entities/report/to-mastodon.js';
import type { Operation } from '../../gateway-client.js';
import {
  AssignReportToSelf, GetAdminReport, GetAdminReports, ReopenReport, ResolveReport, UnassignReport, UpdateReport,
  type AdminReportFieldsFragment, type UserErrorFieldsFragment,
} from '../../gql/operations.js';
import { run, runMutation } from '../../http/context.js';
import { pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { reportCategoryParam, ruleIdsParam } from '../reports/reports.js';
import { userScopes, type Route } from '../route.js';

const ADMIN_REPORT_PAGE_SIZE = { default: 100, max: 200 } as const;

/** A moderator's action on one report (its own .graphql file beside this module): `<field>(input: { reportId })`, answering the report. */
type ReportAction<Field extends string> = Operation<
  { [F in Field]: { report: AdminReportFieldsFragment | null; errors: UserErrorFieldsFragment[] } },
  { input: { reportId: string | number } }
>;

function actionRoute<Field extends string>(action: string, summary: string, mutation: ReportAction<Field>, field: Field): Route {
  return {
    method: 'post',
    path: `/api/v1/admin/reports/:id/${action}`,
    scopes: userScopes('admin:write:reports'),
    doc: { summary, responds: 'AdminReport' },
    async handle(services, req, res) {
      const { report } = await runMutation(services, req, res, mutation, { input: { reportId: pathParam(req, 'id') } }, field);
      res.json(adminReportToMastodon(report));
    },
  };
}

export const adminReportRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/admin/reports',
    scopes: userScopes('admin:read:reports'),
    doc: {
      summary: 'Reports, for moderators',
      responds: ['AdminReport'],
      paged: true,
      params: { resolved: 'boolean', account_id: 'string', target_account_id: 'string' },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, ADMIN_REPORT_PAGE_SIZE);
      const filter = {
        resolved: params.boolean('resolved') ?? null,
        accountId: params.string('account_id') || null,
        targetAccountId: params.string('target_account_id') || null,
      };
      const data = await run(services, req, res, GetAdminReports, { ...filter, ...page });
      setLinkHeader(res, data.page, {
        publicUrl: services.config.publicUrl,
        path: '/api/v1/admin/reports',
        keep: { limit: params.string('limit'), resolved: params.string('resolved'), account_id: params.string('account_id'), target_account_id: params.string('target_account_id') },
        style: 'list',
        limit: page.limit,
      });
      res.json(data.page.items.map(adminReportToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/admin/reports/:id',
    scopes: userScopes('admin:read:reports'),
    doc: { summary: 'One report, for moderators', responds: 'AdminReport' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetAdminReport, { id: pathParam(req, 'id') });
      res.json(adminReportToMastodon(data.adminReport));
    },
  },
  {
    method: 'put',
    path: '/api/v1/admin/reports/:id',
    scopes: userScopes('admin:write:reports'),
    doc: { summary: "Change a report's category and rules, for moderators", responds: 'AdminReport', params: { category: 'string', rule_ids: 'string[]' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { reportId: pathParam(req, 'id'), category: reportCategoryParam(params), ruleIds: ruleIdsParam(params) };
      const { report } = await runMutation(services, req, res, UpdateReport, { input }, 'updateReport');
      res.json(adminReportToMastodon(report));
    },
  },
  actionRoute('assign_to_self', 'Assign a report to yourself', AssignReportToSelf, 'assignReportToSelf'),
  actionRoute('unassign', 'Unassign a report', UnassignReport, 'unassignReport'),
  actionRoute('resolve', 'Resolve a report', ResolveReport, 'resolveReport'),
  actionRoute('reopen', 'Reopen a resolved report', ReopenReport, 'reopenReport'),
];
