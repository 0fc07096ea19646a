/**
 * POST /api/v1/apps: register an application (no token; params from query, form or JSON). 200 CredentialApplication; 422.
 * GET /api/v1/apps/verify_credentials: the token's application (any valid token). 200 Application; 401.
 * docs/api/oauth.md#applications.
 */
import { applicationToMastodon, credentialApplicationToMastodon } from '../../entities/application/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { Params } from '../../http/params.js';
import type { Route } from '../route.js';
import { RegisterApplication, VerifyAppCredentials } from '../../gql/operations.js';

/** redirect_uris: one string (space- or newline-separated) or an array. */
function redirectUris(params: Params): string[] {
  return (params.stringArray('redirect_uris') ?? []).flatMap((value) => value.split(/\s+/)).filter(Boolean);
}

export const appRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/apps',
    scopes: 'none',
    doc: { summary: 'Register an application', responds: 'CredentialApplication', params: { client_name: 'string!', redirect_uris: 'string!', scopes: 'string', website: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = {
        clientName: params.string('client_name') ?? '',
        redirectUris: redirectUris(params),
        scopes: params.string('scopes') ?? null,
        website: params.string('website') ?? null,
      };
      const { registration } = await runMutation(
        services, req, res, RegisterApplication, { input }, 'registerApplication',
      );
      const { application, clientId, clientSecret } = registration;
      res.json(credentialApplicationToMastodon(application, clientId, clientSecret));
    },
  },
  {
    method: 'get',
    path: '/api/v1/apps/verify_credentials',
    scopes: { required: 'any' },
    doc: { summary: "The token's application", responds: 'Application' },
    async handle(services, req, res) {
      const data = await run(services, req, res, VerifyAppCredentials);
      res.json(applicationToMastodon(data.currentApplication));
    },
  },
];
