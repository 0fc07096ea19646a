/**
 * POST /oauth/token: client_credentials and password grants (client credentials by HTTP Basic or params). 200 Token; 400/401 OAuth errors.
 * POST /oauth/revoke: RFC 7009 revocation. 200 {}; 403 unauthorized_client.
 * docs/api/oauth.md#token, #revoke.
 */
import type { Request } from 'express';
import { tokenToMastodon } from '../../entities/token/to-mastodon.js';
import { runMutation } from '../../http/context.js';
import { Params } from '../../http/params.js';
import type { Route } from '../route.js';
import { CreateToken, RevokeToken } from '../../gql/operations.js';

/** client_secret_basic first, then client_secret_post (Doorkeeper's order). */
function clientCredentials(req: Request, params: Params): { clientId: string | null; clientSecret: string | null } {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
    }
  }
  return { clientId: params.string('client_id') ?? null, clientSecret: params.string('client_secret') ?? null };
}

export const tokenRoutes: Route[] = [
  {
    method: 'post',
    path: '/oauth/token',
    scopes: 'none',
    doc: { summary: 'Obtain a token', responds: 'Token', params: { grant_type: 'string!', client_id: 'string', client_secret: 'string', redirect_uri: 'string', scope: 'string', code: 'string', code_verifier: 'string', username: 'string', password: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = {
        ...clientCredentials(req, params),
        grantType: params.string('grant_type') ?? '',
        redirectUri: params.string('redirect_uri') ?? null,
        scope: params.string('scope') ?? null,
        username: params.string('username') ?? null,
        password: params.string('password') ?? null,
        code: params.string('code') ?? null,
        codeVerifier: params.string('code_verifier') ?? null,
      };
      // The client authenticates in the input: no bearer token goes with it.
      delete req.headers.authorization;
      const { token } = await runMutation(services, req, res, CreateToken, { input }, 'createToken');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
      res.json(tokenToMastodon(token));
    },
  },
  {
    method: 'post',
    path: '/oauth/revoke',
    scopes: 'none',
    doc: { summary: 'Revoke a token', responds: 'Empty', params: { client_id: 'string', client_secret: 'string', token: 'string!' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { ...clientCredentials(req, params), token: params.string('token') ?? '' };
      delete req.headers.authorization;
      await runMutation(services, req, res, RevokeToken, { input }, 'revokeToken');
      res.json({});
    },
  },
];
