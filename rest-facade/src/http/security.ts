import cors from 'cors';
import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** Headers browser clients may read (Mastodon's CORS configuration). */
const EXPOSED_HEADERS = ['Link', 'X-RateLimit-Reset', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-Request-Id', 'Idempotency-Key'];

/**
 * CORS as Mastodon sets it: the API, the OAuth token endpoints and the
 * discovery documents are open to any origin, without credentials (browser
 * clients such as Elk authenticate with a bearer token, not cookies).
 */
export const apiCors: RequestHandler = cors({
  origin: '*',
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  exposedHeaders: EXPOSED_HEADERS,
  credentials: false,
  maxAge: 86400,
});

/** The paths apiCors covers. */
export const CORS_PATHS = ['/api', '/oauth/token', '/oauth/revoke', '/oauth/userinfo', '/.well-known', '/nodeinfo'];

/**
 * Security headers for a JSON API (helmet): no sniffing, no framing, no
 * referrer leaks; the HTML pages set their own content security policy.
 */
export const securityHeaders: RequestHandler = helmet({
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' },
  hsts: false,
});
