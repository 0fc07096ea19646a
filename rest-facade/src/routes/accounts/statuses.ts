/**
 * GET /api/v1/accounts/:id/statuses: an account's statuses the caller may see, boosts included, newest first.
 * Public; a token must carry read or read:statuses. pinned, exclude_replies, exclude_reblogs, only_media
 * (Rails booleans), tagged; max_id, since_id, min_id, limit (default 20, at most 40). 200 [Status] with a
 * Link header (next after a full page, prev by min_id, keeping the filters); 404 for an unknown account.
 * docs/api/accounts.md#reading (Mastodon's AccountStatusesFilter).
 */
import { statusesToMastodon } from '../../entities/status/to-mastodon.js';
import { run } from '../../http/context.js';
import { STATUS_PAGE_SIZE, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';
import { GetAccountStatuses } from '../../gql/operations.js';

const FILTERS = { pinned: 'pinned', excludeReplies: 'exclude_replies', excludeReblogs: 'exclude_reblogs', onlyMedia: 'only_media' } as const;

export const accountStatusRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/accounts/:id/statuses',
    scopes: publicScopes('read:statuses'),
    doc: { summary: "An account's statuses", responds: ['Status'], paged: true, params: { only_media: 'boolean', exclude_replies: 'boolean', exclude_reblogs: 'boolean', pinned: 'boolean', tagged: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, STATUS_PAGE_SIZE);
      const filters = Object.fromEntries(Object.entries(FILTERS).map(([variable, name]) => [variable, params.boolean(name) ?? false]));
      const tagged = params.string('tagged') || null;
      const data = await run(services, req, res, GetAccountStatuses, { id: pathParam(req, 'id'), ...filters, tagged, ...page });
      const keep = Object.fromEntries([...Object.values(FILTERS), 'tagged', 'limit'].map((name) => [name, params.string(name)]));
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep, style: 'list', limit: page.limit });
      res.json(statusesToMastodon(data.page.items, 'account'));
    },
  },
];
