/**
 * POST /api/v1/statuses/:id/pin and /unpin (write:accounts, user). 200 Status with pinned updated.
 * Pin: 422 "Validation failed: Someone else's toot cannot be pinned" / "Non-public toot cannot be pinned" /
 * "A boost cannot be pinned" / "You have already pinned the maximum number of posts" (5), and
 * "Duplicate record" when already pinned. Unpin: 200 also when not pinned. 401, 403, 404.
 * docs/api/statuses.md#pin-and-mute.
 */
import { PinStatus, UnpinStatus } from '../../gql/operations.js';
import { userScopes, type Route } from '../route.js';
import { statusActionRoute } from './status-action.js';

export const pinRoutes: Route[] = [
  statusActionRoute('pin', 'pinStatus', PinStatus, userScopes('write:accounts')),
  statusActionRoute('unpin', 'unpinStatus', UnpinStatus, userScopes('write:accounts')),
];
