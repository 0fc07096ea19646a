import { statusToMastodon } from '../../entities/status/to-mastodon.js';
import type { Operation } from '../../gateway-client.js';
import type { GqlUserError } from '../../http/errors.js';
import type { StatusFieldsFragment } from '../../gql/operations.js';
import type { Route, RouteScopes } from '../route.js';
import { runStatusWrite } from './committed-status.js';
import { pathParam } from '../../http/params.js';

/** A mutation whose payload (the root field `field`) holds the Status it changed, taking `input: { statusId }`. */
type StatusAction<Field extends string> = Operation<
  { [F in Field]: { status: StatusFieldsFragment | null; errors: GqlUserError[] } },
  { input: { statusId: string | number } }
>;

/**
 * `POST /api/v1/statuses/:id/<action>`: runs `document`, the one mutation
 * `<field>(input: { statusId })` (its own .graphql file beside the route module), and answers with
 * the Status its payload holds. Actions arrive with no body, `{}` or a form (docs/api/client-compatibility.md#requests).
 */
export function statusActionRoute<Field extends string>(action: string, field: Field, document: StatusAction<Field>, scopes: RouteScopes): Route {
  return {
    method: 'post',
    path: `/api/v1/statuses/:id/${action}`,
    scopes,
    doc: { summary: `${action.charAt(0).toUpperCase()}${action.slice(1)} a status`, responds: 'Status' },
    async handle(services, req, res) {
      res.json(statusToMastodon(await runStatusWrite(services, req, res, document, { input: { statusId: pathParam(req, 'id') } }, field)));
    },
  };
}
