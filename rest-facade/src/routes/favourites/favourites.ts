/**
 * GET /api/v1/favourites (read or read:favourites, user): the caller's favourited statuses, newest favourite
 * first. max_id, since_id, min_id are favourite ids; limit default 20, at most 40. 200 [Status] with a Link
 * header (next after a full page, prev by min_id); 401, 403, 422 (app token). docs/api/timelines.md#bookmarks-and-favourites.
 */
import { statusToMastodon, type GqlStatus } from '../../entities/status/to-mastodon.js';
import { answerListPage } from '../../http/list-page.js';
import { userScopes, type Route } from '../route.js';
import { GetFavourites } from '../../gql/operations.js';

export const favouriteListRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/favourites',
    scopes: userScopes('read:favourites'),
    doc: { summary: 'Your favourites', responds: ['Status'], paged: true },
    async handle(services, req, res) {
      await answerListPage<GqlStatus>(services, req, res, GetFavourites, (item) => statusToMastodon(item));
    },
  },
];
