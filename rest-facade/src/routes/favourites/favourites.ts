/**
 * GET /api/v1/favourites (read or read:favourites, user): the caller's favourited statuses, newest favourite
 * first. max_id, since_id, min_id are favourite ids; limit default 20, at most 40. 200 [Status] with a Link
 * header (next after a full page, prev by min_id); 401, 403, 422 (app token). docs/api/timelines.md#bookmarks-and-favourites.
 */
import { operation } from '../../entities/operation.js';
import { STATUS_FRAGMENTS } from '../../entities/status/status.fragment.js';
import { PAGE_ARGUMENTS, PAGE_VARIABLES, STATUS_PAGE_SELECTION } from '../../entities/status/status-page.js';
import { statusToMastodon, type GqlStatus } from '../../entities/status/to-mastodon.js';
import { answerListPage } from '../../http/list-page.js';
import { userScopes, type Route } from '../route.js';

const GetFavourites = operation(
  'GetFavourites',
  `query GetFavourites(${PAGE_VARIABLES}) { page: favourites(${PAGE_ARGUMENTS}) { ${STATUS_PAGE_SELECTION} } }`,
  STATUS_FRAGMENTS,
);

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
