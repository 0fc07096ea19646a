/**
 * GET /api/v1/trends/tags (and /api/v1/trends, its deprecated alias): hashtags used lately by at least 2 accounts;
 *   limit default 10, at most 20. 200 [Tag] (history of 7 days).
 * GET /api/v1/trends/statuses: public statuses of the last 2 days favourited or boosted by at least 2 accounts, by
 *   discoverable authors; a signed-in caller's blocks and mutes left out; limit default 20, at most 40. 200 [Status].
 * GET /api/v1/trends/links: links shared lately by at least 2 accounts; limit default 10, at most 20.
 *   200 [TrendsLink] (a PreviewCard with a history of 7 days).
 * All public (a token must carry read or read:statuses), highest score first, paged by offset with a Link header
 * (next after a full page). docs/api/trends.md; Mastodon's Api::V1::Trends controllers.
 */
import { statusToMastodon, type GqlStatus } from '../../entities/status/to-mastodon.js';
import { tagToMastodon } from '../../entities/tag/to-mastodon.js';
import type { TagFieldsFragment } from '../../gql/operations.js';
import { trendsLinkToMastodon, type GqlTrendsLink } from '../../entities/trends-link/to-mastodon.js';
import type { Operation } from '../../gateway-client.js';
import { run } from '../../http/context.js';
import { limitParam, offsetParam, setOffsetLinkHeader } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';
import { GetTrendingLinks, GetTrendingStatuses, GetTrendingTags } from '../../gql/operations.js';

/** One trends list: its page size, its operation and its entity mapper. */
function trendRoute<T>(path: string, summary: string, responds: string, size: { default: number; max: number }, query: Operation, map: (item: T) => unknown): Route {
  return {
    method: 'get',
    path,
    scopes: publicScopes('read:statuses'),
    doc: { summary, responds: [responds], params: { limit: 'integer', offset: 'integer' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = { limit: limitParam(params, size), offset: offsetParam(params) };
      const data = await run<{ items: T[] }>(services, req, res, query, page);
      setOffsetLinkHeader(res, data.items.length, { publicUrl: services.config.publicUrl, path: req.path, ...page });
      res.json(data.items.map(map));
    },
  };
}

const TAG_PAGE = { default: 10, max: 20 } as const;

export const trendRoutes: Route[] = [
  trendRoute<TagFieldsFragment>('/api/v1/trends/tags', 'Trending hashtags', 'Tag', TAG_PAGE, GetTrendingTags, tagToMastodon),
  // Mastodon's deprecated alias of trends/tags.
  trendRoute<TagFieldsFragment>('/api/v1/trends', 'Trending hashtags (deprecated alias of /api/v1/trends/tags)', 'Tag', TAG_PAGE, GetTrendingTags, tagToMastodon),
  trendRoute<GqlStatus>('/api/v1/trends/statuses', 'Trending statuses', 'Status', { default: 20, max: 40 }, GetTrendingStatuses, (status) => statusToMastodon(status)),
  trendRoute<GqlTrendsLink>('/api/v1/trends/links', 'Trending links', 'TrendsLink', { default: 10, max: 20 }, GetTrendingLinks, trendsLinkToMastodon),
];
