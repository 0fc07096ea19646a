/**
 * GET /api/v1/bookmarks (read or read:bookmarks, user): the caller's bookmarked statuses, newest bookmark
 * first. max_id, since_id, min_id are bookmark ids; limit default 20, at most 40. 200 [Status] with a Link
 * header (next after a full page, prev by min_id); 401, 403, 422 (app token). docs/api/timelines.md#bookmarks-and-favourites.
 */
import { statusToMastodon, type GqlStatus } from '../../entities/status/to-mastodon.js';
import { answerListPage } from '../../http/list-page.js';
import { userScopes, type Route } from '../route.js';
import { GetBookmarks } from '../../gql/operations.js';

export const bookmarkListRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/bookmarks',
    scopes: userScopes('read:bookmarks'),
    doc: { summary: 'Your bookmarks', responds: ['Status'], paged: true },
    async handle(services, req, res) {
      await answerListPage<GqlStatus>(services, req, res, GetBookmarks, (item) => statusToMastodon(item));
    },
  },
];
