/**
 * GET /oauth/authorize: checks the request (response_type=code, client_id, redirect_uri, scope, state,
 * code_challenge + code_challenge_method=S256, response_mode, force_login, lang) and shows the sign-in
 * form, or the approve form to a signed-in user. 200 HTML; an invalid request is an HTML error page (400, 401).
 * POST /oauth/authorize: the approve/deny form. 302 to the redirect URI with code and state (or
 * error=access_denied), or to /oauth/authorize/native for the out-of-band URI; 303 back to the page when
 * the session or the form token is stale.
 * GET /oauth/authorize/native?code=: the out-of-band code to copy. 200 HTML.
 * docs/api/oauth.md#authorize; RFC 6749 4.1, RFC 7636.
 */
import { Params } from '../../http/params.js';
import { readCookie, SESSION_COOKIE } from '../../oauth-pages/cookies.js';
import { outOfBandPage } from '../../oauth-pages/pages.js';
import { sendPrompt } from '../../oauth-pages/prompt.js';
import { authorizePath, brandOf, readAuthorizationRequest, type GqlAuthorizationPrompt } from '../../oauth-pages/request.js';
import { runPage, sendPage } from '../../oauth-pages/respond.js';
import type { Route } from '../route.js';
import { AuthorizationPrompt, DecideAuthorization } from '../../gql/operations.js';

export const authorizeRoutes: Route[] = [
  {
    method: 'get',
    path: '/oauth/authorize',
    scopes: 'none',
    doc: { summary: 'The authorization page', responds: 'html', params: { response_type: 'string!', client_id: 'string!', redirect_uri: 'string!', scope: 'string', state: 'string', code_challenge: 'string', code_challenge_method: 'string', force_login: 'boolean', lang: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const request = readAuthorizationRequest(params);
      const variables = { request: request.input, session: readCookie(req, SESSION_COOKIE), forceLogin: params.boolean('force_login') ?? false };
      const data = await runPage<{ authorizationPrompt: GqlAuthorizationPrompt }>(services, req, res, AuthorizationPrompt, variables);
      if (data) sendPrompt(services, res, request, data.authorizationPrompt);
    },
  },
  {
    method: 'post',
    path: '/oauth/authorize',
    scopes: 'none',
    doc: { summary: 'Approve or deny an authorization', responds: 'redirect', status: [302, 303], params: { decision: 'string!', authenticity_token: 'string!' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const request = readAuthorizationRequest(params);
      const input = {
        approve: params.string('decision') === 'approve',
        session: readCookie(req, SESSION_COOKIE),
        formToken: params.string('authenticity_token') ?? null,
      };
      const data = await runPage<{ decision: { redirectTo: string | null; retry: boolean } }>(
        services, req, res, DecideAuthorization, { input: { ...input, request: request.input } }, 'decideAuthorization',
      );
      if (!data) return;
      res.setHeader('Cache-Control', 'no-store');
      const { redirectTo } = data.decision;
      if (redirectTo) res.redirect(302, redirectTo);
      else res.redirect(303, authorizePath(request));
    },
  },
  {
    method: 'get',
    path: '/oauth/authorize/native',
    scopes: 'none',
    doc: { summary: 'The out-of-band code page', responds: 'html', params: { code: 'string', error: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = outOfBandPage({ brand: brandOf(services.config.publicUrl), code: params.string('code') ?? null, error: params.string('error') ?? null });
      sendPage(res, params.string('code') ? 200 : 400, page);
    },
  },
];
