/**
 * POST /api/v1/reports (write:reports, user): report `account_id` (required), with `status_ids[]` of its statuses,
 *   `comment` (at most 1000 characters), `category` (spam, legal, violation, other), `rule_ids[]`, `forward`.
 *   200 Report; 404 for an unknown account or a status not the account's; 422 for a bad comment, category or rule.
 * docs/api/moderation.md#reports; Mastodon's Api::V1::ReportsController.
 */
import { reportToMastodon } from '../../entities/report/to-mastodon.js';
import { FileReport, type ReportCategory } from '../../gql/operations.js';
import { runMutation } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';

const CATEGORIES = new Set(['spam', 'legal', 'violation', 'other']);

/**
 * The `category` parameter of a report (filed or updated): null when absent or blank; an unknown word is
 * Mastodon's 422, as an unknown visibility is (the GraphQL input takes the enum).
 */
export function reportCategoryParam(params: Params): ReportCategory | null {
  const category = params.string('category');
  if (category === undefined || category === '') return null;
  if (!CATEGORIES.has(category)) throw new HttpError(422, 'Validation failed: Category is not included in the list');
  return category.toUpperCase() as ReportCategory;
}

/** The `rule_ids[]` parameter: the ids given, blanks left out (null when absent). */
export function ruleIdsParam(params: Params): string[] | null {
  const given = params.stringArray('rule_ids');
  return given === undefined ? null : given.filter((id) => id.trim() !== '');
}

export const reportRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/reports',
    scopes: userScopes('write:reports'),
    doc: {
      summary: 'Report an account to the moderators',
      responds: 'Report',
      params: { account_id: 'string!', status_ids: 'string[]', comment: 'string', category: 'string', rule_ids: 'string[]', forward: 'boolean' },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const category = reportCategoryParam(params);
      const input = {
        accountId: params.string('account_id') ?? '',
        statusIds: (params.stringArray('status_ids') ?? []).filter((id) => id.trim() !== ''),
        comment: params.string('comment') ?? null,
        // Rules given make it a violation whatever the category says: the statuses service's rule.
        category,
        ruleIds: ruleIdsParam(params) ?? [],
        forward: params.boolean('forward') ?? null,
      };
      const { report } = await runMutation(services, req, res, FileReport, { input }, 'fileReport');
      res.json(reportToMastodon(report));
    },
  },
];
