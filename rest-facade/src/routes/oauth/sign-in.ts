/**
 * POST /oauth/authorize/sign_in: the sign-in form of the authorize page (email, password, the request's
 * hidden fields, authenticity_token bound to the _social_login cookie). Success sets the signed session
 * cookie and answers 303 back to GET /oauth/authorize; a wrong password or a stale form shows the form
 * again (422). docs/api/oauth.md#sign-in.
 */
import { Params } from '../../http/params.js';
import { clearCookie, LOGIN_COOKIE, readCookie, SESSION_COOKIE, setCookie } from '../../oauth-pages/cookies.js';
import { sendPrompt } from '../../oauth-pages/prompt.js';
import { authorizePath, readAuthorizationRequest, type GqlAuthorizationPrompt } from '../../oauth-pages/request.js';
import { runPage } from '../../oauth-pages/respond.js';
import type { Route } from '../route.js';
import { SignIn } from '../../gql/operations.js';

interface GqlSignInResult { session: string | null; failure: string | null; prompt: GqlAuthorizationPrompt }

export const signInRoutes: Route[] = [
  {
    method: 'post',
    path: '/oauth/authorize/sign_in',
    scopes: 'none',
    doc: { summary: 'Sign in on the authorization page', responds: 'redirect', status: 303, params: { email: 'string!', password: 'string!', authenticity_token: 'string!' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const request = readAuthorizationRequest(params);
      const email = params.string('email') ?? '';
      const input = {
        email,
        password: params.string('password') ?? '',
        loginNonce: readCookie(req, LOGIN_COOKIE),
        formToken: params.string('authenticity_token') ?? null,
      };
      const data = await runPage<{ result: GqlSignInResult }>(services, req, res, SignIn, { input: { ...input, request: request.input } }, 'signIn');
      if (!data) return;
      const { result } = data;
      if (!result.session) {
        sendPrompt(services, res, request, result.prompt, { status: 422, email, failure: result.failure });
        return;
      }
      setCookie(res, SESSION_COOKIE, result.session, services.config.publicUrl);
      clearCookie(res, LOGIN_COOKIE, services.config.publicUrl);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, authorizePath(request));
    },
  },
];
