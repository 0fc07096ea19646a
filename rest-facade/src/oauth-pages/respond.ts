import type { Request, Response } from 'express';
import { errorCodeOf } from '@social/errors';
import type { Operation } from '../gateway-client.js';
import { run, runMutation, type FacadeServices } from '../http/context.js';
import { GatewayError, setRetryAfter } from '../http/errors.js';
import { errorPage } from './pages.js';
import { brandOf } from './request.js';

/**
 * Headers of every authorize page: never cached, never framed (the approve
 * button must not be clickjacked), no script at all. form-action allows the
 * client's redirect URI, since browsers check the redirect that follows a
 * form post against it.
 */
export function sendPage(res: Response, status: number, body: string, redirectUri?: string | null): void {
  const formTargets = ["'self'", ...(redirectUri ? [formActionSource(redirectUri)].filter(Boolean) : [])];
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.status(status).type('html').send(body);
}

/** The CSP source for a redirect URI: its origin for http(s), its scheme for custom schemes. */
function formActionSource(uri: string): string {
  try {
    const url = new URL(uri);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) ? url.protocol : '';
  } catch {
    return '';
  }
}

interface OAuthExtension { error: string; error_description: string; status: number }

/** Doorkeeper's description of invalid_request. */
const INVALID_REQUEST = 'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.';

/**
 * An error of the flow as a page (Doorkeeper renders its errors rather than
 * redirecting to an unverified client): the OAuth error with its status, or
 * a generic one. Anything else goes on to the JSON error middleware.
 */
function sendErrorPage(res: Response, brand: string, error: unknown): boolean {
  if (!(error instanceof GatewayError)) return false;
  const oauth = error.error.extensions?.oauth as OAuthExtension | undefined;
  if (oauth) {
    sendPage(res, oauth.status, errorPage({ brand, error: oauth.error, description: oauth.error_description }));
    return true;
  }
  const code = errorCodeOf(error.error);
  // Too many sign-in attempts, or password hashing saturated: the page says when to come back, as the JSON endpoints do.
  setRetryAfter(res, error.error);
  const [status, name, description]: [number, string, string] =
    code === 'RATE_LIMITED' ? [429, 'temporarily_unavailable', 'Too many requests. Please wait a moment and try again.']
    // A parameter refused before the flow's own checks (one longer than any string the gateway takes).
    : code === 'BAD_USER_INPUT' || code === 'BAD_REQUEST' ? [400, 'invalid_request', INVALID_REQUEST]
    : code === 'UNAVAILABLE' ? [503, 'temporarily_unavailable', 'The authorization server is currently unable to handle the request. Please try again.']
    : [500, 'server_error', 'The authorization server encountered an unexpected condition which prevented it from fulfilling the request.'];
  sendPage(res, status, errorPage({ brand, error: name, description }));
  return true;
}

/**
 * Runs a page's one operation (a mutation: its payload, the root field
 * `mutationField`); on an error of the flow renders the error page and resolves null.
 */
export async function runPage<T extends object>(
  services: FacadeServices,
  req: Request,
  res: Response,
  operation: Operation,
  variables: Record<string, unknown>,
  mutationField?: string,
): Promise<T | null> {
  try {
    return mutationField ? await runMutation<T>(services, req, res, operation, variables, mutationField) : await run<T>(services, req, res, operation, variables);
  } catch (error) {
    if (sendErrorPage(res, brandOf(services.config.publicUrl), error)) return null;
    throw error;
  }
}
