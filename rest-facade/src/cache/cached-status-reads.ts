import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { acceptRequestId, httpRequestDuration, httpRequests, secondsSince, tracingEnabled } from '@social/telemetry';
import { sendJsonBytes, wantsRevalidation } from '../http/context.js';
import { setRateLimitHeaders } from '../http/rate-limit.js';
import { setApiSecurityHeaders } from '../http/security.js';
import type { Lookup, StatusReadCache } from './status-read-cache.js';

/** The one path served here: a status by id, with no query string (which could carry a token or change nothing we know). */
const STATUS_PATH = /^\/api\/v1\/statuses\/(\d{1,20})$/;
/** The route pattern the express route would report in metrics. */
const ROUTE = '/api/v1/statuses/:id';
const HIT_LABELS = { route: ROUTE, method: 'GET', status: '200' } as const;

/** Lookups made here that did not hit, handed to the express route so that it does not ask the store again. */
const lookedUp = new WeakMap<IncomingMessage, Lookup>();

/** The lookup made for this request before express, if any (once). */
export function takeEarlyLookup(req: IncomingMessage): Lookup | undefined {
  const lookup = lookedUp.get(req);
  if (lookup) lookedUp.delete(req);
  return lookup;
}

/** The status id when the request is an anonymous, bodiless GET of one status that may be answered from the cache; else null. */
function cacheableStatusId(req: IncomingMessage): string | null {
  if (req.method !== 'GET') return null;
  const match = STATUS_PATH.exec(req.url ?? '');
  if (!match) return null;
  const headers = req.headers;
  if (headers.authorization !== undefined || headers['transfer-encoding'] !== undefined) return null;
  // A GET with a body could carry access_token as a form field: express's route sees it, so it goes there.
  if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return null;
  if (wantsRevalidation(req)) return null;
  return match[1];
}

/**
 * Cache hits of anonymous `GET /api/v1/statuses/:id`, answered before
 * express: a hit is one Redis round trip and a memcpy, and express's router,
 * middleware chain and request decoration cost more than the rest of it
 * (profiled: about a quarter of a hit's CPU). The answer is byte for byte
 * and header for header what the express route gives (request id,
 * Cache-Control and Vary, helmet's and CORS headers, rate-limit headers,
 * X-Cache) and it is counted in the same metrics; e2e tests compare the two.
 *
 * Everything else, and every lookup that does not hit (a miss, a 429, the
 * store unreachable), goes on to `next`, the express app, with the lookup
 * attached so that the route does not repeat it. While tracing is on, the
 * express path is taken, for its server span.
 */
export function serveCachedStatusReads(cache: StatusReadCache, trustProxy: (address: string, hop: number) => boolean, next: RequestListener): RequestListener {
  return (req, res) => {
    const id = cacheableStatusId(req);
    if (id === null || tracingEnabled()) {
      next(req, res);
      return;
    }
    const started = process.hrtime.bigint();
    // The client address exactly as express's req.ip gives it (same trust setting), the rate-limit key.
    cache.lookup(id, proxyAddr(req, trustProxy)).then(
      (lookup) => {
        if (lookup.kind === 'hit') answerHit(req, res, lookup.body, lookup.rateLimit, started);
        else {
          lookedUp.set(req, lookup);
          next(req, res);
        }
      },
      () => next(req, res),
    );
  };
}

function answerHit(req: IncomingMessage, res: ServerResponse, body: Buffer, rateLimit: unknown, started: bigint): void {
  res.setHeader('X-Request-Id', acceptRequestId(req.headers['x-request-id']));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Vary', 'Authorization, Origin');
  setApiSecurityHeaders(res);
  setRateLimitHeaders(res, rateLimit);
  res.setHeader('X-Cache', 'HIT');
  res.once('close', () => {
    const labels = res.writableFinished ? HIT_LABELS : { ...HIT_LABELS, status: '499' };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, secondsSince(started));
  });
  sendJsonBytes(res, body);
}
