/**
 * GET /api/v1/timelines/home (read or read:statuses, user): the caller's statuses and those of accounts they
 * follow, boosts included, newest first. max_id, since_id, min_id, limit (default 20, at most 40).
 * 200 [Status] with a Link header (next by max_id, prev by min_id; none when empty); 401, 403, 422 (app token).
 * docs/api/timelines.md#timelines; docs/api/client-compatibility.md#startup.
 */
import { statusesToMastodon } from '../../entities/status/to-mastodon.js';
import { run } from '../../http/context.js';
import { STATUS_PAGE_SIZE, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { GetHomeTimeline } from '../../gql/operations.js';

export const homeTimelineRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/timelines/home',
    scopes: userScopes('read:statuses'),
    doc: { summary: 'The home timeline', responds: ['Status'], paged: true, params: { local: 'boolean' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, STATUS_PAGE_SIZE);
      const data = await run(services, req, res, GetHomeTimeline, { ...page });
      const keep = { local: params.string('local'), limit: params.string('limit') };
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep, style: 'timeline', limit: page.limit });
      res.json(statusesToMastodon(data.page.items, 'home'));
    },
  },
];
