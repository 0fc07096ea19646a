/**
 * POST /api/v1/statuses/:id/reblog (write:statuses, user): boosts; optional `visibility` public, unlisted or
 * private. 200 the boost, a Status whose reblog is the original; idempotent; boosting a boost boosts the original.
 * 403 for another's private or any direct status; 422 for visibility direct or unknown.
 * POST /api/v1/statuses/:id/unreblog (write:statuses, user): 200 the original Status; 404 when there is no boost.
 * 401, 403 (scope), 404, 422 (app token). docs/api/statuses.md#reblog.
 */
import { statusToMastodon } from '../../entities/status/to-mastodon.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { runStatusWrite } from './committed-status.js';
import { statusActionRoute } from './status-action.js';
import { visibilityParam } from './statuses.js';
import { ReblogStatus, UnreblogStatus } from '../../gql/operations.js';

export const reblogRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/statuses/:id/reblog',
    scopes: userScopes('write:statuses'),
    doc: { summary: 'Boost a status', responds: 'Status', params: { visibility: 'string' } },
    async handle(services, req, res) {
      const visibility = visibilityParam(Params.of(req).string('visibility'));
      res.json(statusToMastodon(await runStatusWrite(services, req, res, ReblogStatus, { input: { statusId: pathParam(req, 'id'), visibility } }, 'reblogStatus')));
    },
  },
  statusActionRoute('unreblog', 'unreblogStatus', UnreblogStatus, userScopes('write:statuses')),
];
