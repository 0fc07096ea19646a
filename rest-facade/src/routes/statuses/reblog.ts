/**
 * POST /api/v1/statuses/:id/reblog (write:statuses, user): boosts; optional `visibility` public, unlisted or
 * private. 200 the boost, a Status whose reblog is the original; idempotent; boosting a boost boosts the original.
 * 403 for another's private or any direct status; 422 for visibility direct or unknown.
 * POST /api/v1/statuses/:id/unreblog (write:statuses, user): 200 the original Status; 404 when there is no boost.
 * 401, 403 (scope), 404, 422 (app token). docs/api/statuses.md#reblog.
 */
import { operation } from '../../entities/operation.js';
import { STATUS_FRAGMENTS } from '../../entities/status/status.fragment.js';
import { statusToMastodon } from '../../entities/status/to-mastodon.js';
import { USER_ERROR_FIELDS } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { runStatusWrite } from './committed-status.js';
import { statusActionRoute } from './status-action.js';
import { visibilityParam } from './statuses.js';

const ReblogStatus = operation(
  'ReblogStatus',
  `mutation ReblogStatus($input: ReblogStatusInput!) { reblogStatus(input: $input) { status { ...StatusFields } ${USER_ERROR_FIELDS} } }`,
  STATUS_FRAGMENTS,
);

export const reblogRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/statuses/:id/reblog',
    scopes: userScopes('write:statuses'),
    doc: { summary: 'Boost a status', responds: 'Status', params: { visibility: 'string' } },
    async handle(services, req, res) {
      const visibility = visibilityParam(Params.of(req).string('visibility'));
      res.json(statusToMastodon(await runStatusWrite(services, req, res, ReblogStatus, { input: { statusId: req.params.id, visibility } }, 'reblogStatus')));
    },
  },
  statusActionRoute('unreblog', 'unreblogStatus', userScopes('write:statuses')),
];
