import type { Response } from 'express';
import type { FacadeServices } from '../http/context.js';
import { LOGIN_COOKIE, setCookie } from './cookies.js';
import { approvePage, signInPage } from './pages.js';
import { authorizePath, brandOf, type AuthorizationRequest, type GqlAuthorizationPrompt } from './request.js';
import { sendPage } from './respond.js';

/** How long the sign-in form's nonce cookie lives (identity refuses it after an hour too). */
const LOGIN_COOKIE_SECONDS = 3600;

/**
 * Shows what identity's prompt asks for: the approve form for a signed-in
 * user, otherwise the sign-in form (whose nonce goes into a cookie).
 */
export function sendPrompt(
  services: FacadeServices,
  res: Response,
  request: AuthorizationRequest,
  prompt: GqlAuthorizationPrompt,
  signIn: { status: number; email?: string; failure?: string | null } = { status: 200 },
): void {
  const brand = brandOf(services.config.publicUrl);
  const redirectUri = prompt.outOfBand ? null : request.fields.redirect_uri;
  if (prompt.signedInAs) {
    const switchAccountUrl = `${authorizePath(request)}&force_login=true`;
    const page = approvePage({
      brand, application: prompt.application, account: prompt.signedInAs, scopes: prompt.scopes,
      request: request.fields, formToken: prompt.formToken, switchAccountUrl,
    });
    sendPage(res, 200, page, redirectUri);
    return;
  }
  if (prompt.loginNonce) setCookie(res, LOGIN_COOKIE, prompt.loginNonce, services.config.publicUrl, LOGIN_COOKIE_SECONDS);
  const page = signInPage({
    brand, application: prompt.application, request: request.fields, formToken: prompt.formToken, email: signIn.email, failure: signIn.failure,
  });
  sendPage(res, signIn.status, page, redirectUri);
}
