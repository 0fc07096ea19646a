/**
 * POST /api/v1/statuses/:id/mute and /unmute (write:mutes, user): the caller (un)mutes the status's
 * conversation. 200 Status with muted updated, also when already so. 401, 403, 404, 422 (app token, or a
 * boost, which has no conversation: "Mastodon::ValidationError"). docs/api/statuses.md#pin-and-mute.
 */
import { userScopes, type Route } from '../route.js';
import { statusActionRoute } from './status-action.js';

export const muteRoutes: Route[] = [
  statusActionRoute('mute', 'muteStatus', userScopes('write:mutes')),
  statusActionRoute('unmute', 'unmuteStatus', userScopes('write:mutes')),
];
