/**
 * Lists of features this server does not have yet, which full clients load at start-up (docs/api/timelines.md#empty-lists):
 * each answers 200 [] with Mastodon's scopes, so a client's login does not stop at a 404.
 * GET /api/v2/filters and GET /api/v1/filters (read or read:filters, user): keyword filters.
 * 401 without a token, 403 without the scope, 422 with an app token.
 */
import { run } from '../../http/context.js';
import type { Operation } from '../../gateway-client.js';
import { userScopes, type Route, type RouteScopes } from '../route.js';
import { GetFilters } from '../../gql/operations.js';

/** A route whose one operation checks the caller and answers the (always empty) list. */
function emptyList(path: string, scopes: RouteScopes, op: Operation): Route {
  return {
    method: 'get',
    path,
    scopes,
    doc: { summary: 'Not kept by this server yet: always empty', responds: 'EmptyList' },
    async handle(services, req, res) {
      await run(services, req, res, op);
      // No mapper until the feature exists: the operation only ever answers [].
      res.json([]);
    },
  };
}

export const notYetRoutes: Route[] = [
  emptyList('/api/v2/filters', userScopes('read:filters'), GetFilters),
  emptyList('/api/v1/filters', userScopes('read:filters'), GetFilters),
];
