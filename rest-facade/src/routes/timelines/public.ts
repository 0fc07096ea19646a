/**
 * GET /api/v1/timelines/public: public statuses, no boosts, no replies to others, newest first. Public; a
 * token must carry read or read:statuses. local, remote, only_media (Rails booleans); max_id, since_id,
 * min_id, limit (default 20, at most 40). 200 [Status] with a Link header (next by max_id, prev by min_id,
 * keeping local, remote, only_media and limit). docs/api/timelines.md#timelines.
 */
import { statusesToMastodon } from '../../entities/status/to-mastodon.js';
import { run } from '../../http/context.js';
import { STATUS_PAGE_SIZE, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';
import { GetPublicTimeline } from '../../gql/operations.js';

export const publicTimelineRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/timelines/public',
    scopes: publicScopes('read:statuses'),
    doc: { summary: 'The public timeline', responds: ['Status'], paged: true, params: { local: 'boolean', remote: 'boolean', only_media: 'boolean' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, STATUS_PAGE_SIZE);
      const filters = { local: params.boolean('local') ?? false, remote: params.boolean('remote') ?? false, onlyMedia: params.boolean('only_media') ?? false };
      const data = await run(services, req, res, GetPublicTimeline, { ...filters, ...page });
      const keep = { local: params.string('local'), remote: params.string('remote'), only_media: params.string('only_media'), limit: params.string('limit') };
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep, style: 'timeline', limit: page.limit });
      res.json(statusesToMastodon(data.page.items, 'public'));
    },
  },
];
