import { operation } from '../../entities/operation.js';
import { USER_ERROR_FIELDS } from '../../http/errors.js';
import { STATUS_FRAGMENTS } from '../../entities/status/status.fragment.js';
import { statusToMastodon } from '../../entities/status/to-mastodon.js';
import type { Route, RouteScopes } from '../route.js';
import { runStatusWrite } from './committed-status.js';

/**
 * `POST /api/v1/statuses/:id/<action>`: runs the one mutation
 * `<field>(input: { statusId })` (operation and input type name: the field,
 * capitalised) and answers with the Status its payload holds. Actions arrive with no body, `{}` or a form (docs/api/client-compatibility.md#requests).
 */
export function statusActionRoute(action: string, field: string, scopes: RouteScopes): Route {
  const name = field.charAt(0).toUpperCase() + field.slice(1);
  const document = operation(
    name,
    `mutation ${name}($input: ${name}Input!) { ${field}(input: $input) { status { ...StatusFields } ${USER_ERROR_FIELDS} } }`,
    STATUS_FRAGMENTS,
  );
  return {
    method: 'post',
    path: `/api/v1/statuses/:id/${action}`,
    scopes,
    doc: { summary: `${action.charAt(0).toUpperCase()}${action.slice(1)} a status`, responds: 'Status' },
    async handle(services, req, res) {
      res.json(statusToMastodon(await runStatusWrite(services, req, res, document, { input: { statusId: req.params.id } }, field)));
    },
  };
}
