import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** Headers browser clients may read (Mastodon's CORS configuration). */
const EXPOSED_HEADERS = ['Link', 'X-RateLimit-Reset', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-Request-Id', 'Idempotency-Key'];

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** What a middleware does to a response: headers set and removed, in order. */
type HeaderEdit = readonly [name: string, value: string | number | readonly string[] | undefined];

/**
 * Runs a middleware once against a response that only records, for one whose
 * headers do not depend on the request: replaying them costs a fraction of
 * running it (helmet is a chain of a dozen functions, cors rebuilds its
 * options and joins its lists on every call).
 */
function recordHeaders(middleware: Middleware, method: string): HeaderEdit[] {
  const edits: HeaderEdit[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      edits.push([name, value]);
      return res;
    },
    removeHeader(name: string) {
      edits.push([name, undefined]);
    },
    getHeader: () => undefined,
  };
  let passed = false;
  middleware({ method, headers: { origin: 'https://client.example' } } as unknown as IncomingMessage, res as unknown as ServerResponse, (error) => {
    passed = error === undefined;
  });
  if (!passed) throw new Error('recordHeaders: the middleware did not pass the request on at once');
  return edits;
}

function applyEdits(edits: readonly HeaderEdit[], res: ServerResponse): void {
  for (const [name, value] of edits) {
    if (value === undefined) res.removeHeader(name);
    else res.setHeader(name, value);
  }
}

/** A middleware making the recorded edits on each response. */
function replay(edits: readonly HeaderEdit[]): RequestHandler {
  return (_req, res, next) => {
    applyEdits(edits, res);
    next();
  };
}

/**
 * CORS as Mastodon sets it: the API, the OAuth token endpoints and the
 * discovery documents are open to any origin, without credentials (browser
 * clients such as Elk authenticate with a bearer token, not cookies).
 */
export const CORS_OPTIONS: cors.CorsOptions = {
  origin: '*',
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  exposedHeaders: EXPOSED_HEADERS,
  credentials: false,
  maxAge: 86400,
};

const corsMiddleware = cors(CORS_OPTIONS) as Middleware;

/** With origin '*', every request but a preflight gets the same CORS headers. */
const CORS_EDITS = recordHeaders(corsMiddleware, 'GET');
const corsHeaders = replay(CORS_EDITS);

/** apiCors: preflights (which reflect the requested headers) answered by cors itself, the rest from the recorded headers. */
export const apiCors: RequestHandler = (req, res, next) => {
  if (req.method === 'OPTIONS') corsMiddleware(req, res, next);
  else corsHeaders(req, res, next);
};

/** The paths apiCors covers. */
export const CORS_PATHS = ['/api', '/oauth/token', '/oauth/revoke', '/oauth/userinfo', '/.well-known', '/nodeinfo'];

/**
 * Security headers for a JSON API (helmet): no sniffing, no framing, no
 * referrer leaks; the HTML pages set their own content security policy.
 */
export const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' },
  hsts: false,
};

/**
 * The authorize pages, which web clients (Phanpy) open in a popup and watch
 * through `window.open`'s handle until it lands on their redirect URI: a
 * Cross-Origin-Opener-Policy there cuts the popup off from its opener, which
 * then reads it as closed and gives up on the sign-in. So those pages go
 * without one, as Mastodon's do; they still refuse framing (X-Frame-Options,
 * frame-ancestors).
 */
export const POPUP_PAGES_HELMET_OPTIONS: Parameters<typeof helmet>[0] = { ...HELMET_OPTIONS, crossOriginOpenerPolicy: false };

/** Whether a path is one of the authorize pages (or their form posts), matched without regard to case as routes are. */
export function isPopupPage(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === '/oauth/authorize' || lower.startsWith('/oauth/authorize/');
}

/** helmet's headers: its options are all static, so they are recorded once. */
const HELMET_EDITS = recordHeaders(helmet(HELMET_OPTIONS), 'GET');
const POPUP_PAGE_EDITS = recordHeaders(helmet(POPUP_PAGES_HELMET_OPTIONS), 'GET');
export const securityHeaders: RequestHandler = (req, res, next) => {
  applyEdits(isPopupPage(req.path) ? POPUP_PAGE_EDITS : HELMET_EDITS, res);
  next();
};

/** What securityHeaders then apiCors set on a non-preflight /api answer, for one written outside express (cached reads). */
export function setApiSecurityHeaders(res: ServerResponse): void {
  applyEdits(HELMET_EDITS, res);
  applyEdits(CORS_EDITS, res);
}
