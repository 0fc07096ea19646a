/**
 * GET /api/v1/timelines/list/:id (read or read:lists, user): statuses of the list's members, newest first,
 * replies as the list's replies_policy allows. max_id, since_id, min_id, limit (default 20, at most 40).
 * 200 [Status] with a Link header (next by max_id, prev by min_id; none when empty); 401, 403, 404 (not the
 * caller's list), 422 (app token). Mastodon's Api::V1::Timelines::ListController.
 */
import { statusesToMastodon } from '../../entities/status/to-mastodon.js';
import { run } from '../../http/context.js';
import { STATUS_PAGE_SIZE, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { GetListTimeline } from '../../gql/operations.js';

export const listTimelineRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/timelines/list/:id',
    scopes: userScopes('read:lists'),
    doc: { summary: "A list's timeline", responds: ['Status'], paged: true },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, STATUS_PAGE_SIZE);
      const data = await run(services, req, res, GetListTimeline, { id: pathParam(req, 'id'), ...page });
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep: { limit: params.string('limit') }, style: 'timeline', limit: page.limit });
      res.json(statusesToMastodon(data.page.items, 'home'));
    },
  },
];
