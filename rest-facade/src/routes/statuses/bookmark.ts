/**
 * POST /api/v1/statuses/:id/bookmark and /unbookmark (write:bookmarks, user). 200 Status with bookmarked
 * updated; bookmark is idempotent; unbookmark answers 404 when the status was not bookmarked.
 * 401, 403, 404, 422 (app token). docs/api/statuses.md#interactions.
 */
import { BookmarkStatus, UnbookmarkStatus } from '../../gql/operations.js';
import { userScopes, type Route } from '../route.js';
import { statusActionRoute } from './status-action.js';

export const bookmarkRoutes: Route[] = [
  statusActionRoute('bookmark', 'bookmarkStatus', BookmarkStatus, userScopes('write:bookmarks')),
  statusActionRoute('unbookmark', 'unbookmarkStatus', UnbookmarkStatus, userScopes('write:bookmarks')),
];
