/**
 * POST /api/v1/statuses/:id/mute and /unmute (write:mutes, user): the caller (un)mutes the status's
 * conversation. 200 Status with muted updated, also when already so. 401, 403, 404, 422 (app token, or a
 * boost, which has no conversation: "Mastodon::ValidationError"). docs/api/statuses.md#pin-and-mute.
 */
import { MuteStatus, UnmuteStatus } from '../../gql/operations.js';
import { userScopes, type Route } from '../route.js';
import { statusActionRoute } from './status-action.js';

export const muteRoutes: Route[] = [
  statusActionRoute('mute', 'muteStatus', MuteStatus, userScopes('write:mutes')),
  statusActionRoute('unmute', 'unmuteStatus', UnmuteStatus, userScopes('write:mutes')),
];
