/**
 * GET /api/v1/timelines/link?url= (Mastodon 4.3): public statuses sharing a link that trends now, by
 * discoverable authors, newest first. Public; a token must carry read or read:statuses. max_id, since_id,
 * min_id, limit (default 20, at most 40). 200 [Status] with a Link header (next by max_id, prev by min_id,
 * keeping url and limit); 404 Record not found for a link that does not trend (or no url).
 * docs/api/timelines.md#link-timeline.
 */
import { statusesToMastodon } from '../../entities/status/to-mastodon.js';
import { run } from '../../http/context.js';
import { STATUS_PAGE_SIZE, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';
import { GetLinkTimeline } from '../../gql/operations.js';

export const linkTimelineRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/timelines/link',
    scopes: publicScopes('read:statuses'),
    doc: { summary: 'The statuses sharing a trending link', responds: ['Status'], paged: true, params: { url: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, STATUS_PAGE_SIZE);
      // No url names no card: Mastodon's lookup by a missing url is its 404, as an unknown one is.
      const url = params.string('url') ?? '';
      const data = await run(services, req, res, GetLinkTimeline, { url, ...page });
      const keep = { url, limit: params.string('limit') };
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep, style: 'timeline', limit: page.limit });
      res.json(statusesToMastodon(data.page.items, 'public'));
    },
  },
];
