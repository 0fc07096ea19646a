import { AsyncResource } from 'node:async_hooks';
import type { Request, RequestHandler } from 'express';
import {
  acceptRequestId,
  endHttpSpan,
  extractTraceContext,
  httpRequestDuration,
  httpRequests,
  runInContext,
  runWithRequestId,
  SpanKind,
  startSpan,
  withActiveSpan,
} from '@social/telemetry';

/** The route pattern a request matched (its metric label), never the raw path. */
function routeOf(req: Request): string {
  return req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
}

/**
 * First in the chain: gives the request its id (a sane incoming
 * X-Request-Id, else a new one) in the response header and in every log line
 * and gateway call made for it; opens its server span (a child of an
 * incoming traceparent); and counts it by route pattern and status.
 */
export function requestTelemetry(): RequestHandler {
  return (req, res, next) => {
    const requestId = acceptRequestId(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    const span = startSpan(`${req.method} ${req.path}`, SpanKind.SERVER, { 'http.request.method': req.method, 'url.path': req.path, 'request.id': requestId }, extractTraceContext(req.headers));
    res.once('close', () => {
      const route = routeOf(req);
      // A client that went away before the answer was sent: nginx's 499.
      const status = String(res.writableFinished ? res.statusCode : 499);
      httpRequests.inc({ route, method: req.method, status });
      httpRequestDuration.observe({ route, method: req.method, status }, Number(process.hrtime.bigint() - started) / 1e9);
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
      endHttpSpan(span, Number(status));
    });
    runInContext(withActiveSpan(span), () =>
      runWithRequestId(requestId, () => {
        // Body parsers continue from the request's stream events, which node emits outside this context: bind them to it.
        req.emit = AsyncResource.bind(req.emit, 'REQUEST_CONTEXT', req) as typeof req.emit;
        next();
      }),
    );
  };
}
