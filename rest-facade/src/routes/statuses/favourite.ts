/**
 * POST /api/v1/statuses/:id/favourite and /unfavourite (write:favourites, user). 200 Status with
 * favourited and favourites_count updated; both idempotent; a boost's id acts on the boosted status.
 * 401, 403, 404 (missing or not visible), 422 (app token). docs/api/statuses.md#interactions.
 */
import { FavouriteStatus, UnfavouriteStatus } from '../../gql/operations.js';
import { userScopes, type Route } from '../route.js';
import { statusActionRoute } from './status-action.js';

export const favouriteRoutes: Route[] = [
  statusActionRoute('favourite', 'favouriteStatus', FavouriteStatus, userScopes('write:favourites')),
  statusActionRoute('unfavourite', 'unfavouriteStatus', UnfavouriteStatus, userScopes('write:favourites')),
];
