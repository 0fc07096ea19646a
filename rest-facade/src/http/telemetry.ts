import type { Request, RequestHandler } from 'express';
import type { Span } from '@social/telemetry';
import {
  acceptRequestId,
  endHttpSpan,
  enterRequest,
  extractTraceContext,
  httpRequestDuration,
  httpRequests,
  secondsSince,
  SpanKind,
  startSpan,
  tracingEnabled,
} from '@social/telemetry';

/** The route pattern a request matched (its metric label), never the raw path. */
function routeOf(req: Request): string {
  // express types the matched route as any; its path is the pattern the route was mounted with.
  const pattern = (req.route as { path?: string } | undefined)?.path;
  return pattern ? `${req.baseUrl}${pattern}` : 'unmatched';
}

/**
 * First in the chain: gives the request its id (a sane incoming
 * X-Request-Id, else a new one) in the response header, where the gateway
 * calls and the error log lines made for it read it; opens its server span (a child of an
 * incoming traceparent) when tracing is on; and counts it by route pattern
 * and status.
 */
export function requestTelemetry(): RequestHandler {
  return (req, res, next) => {
    const requestId = acceptRequestId(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    const span: Span | undefined = tracingEnabled()
      ? startSpan(`${req.method} ${req.path}`, SpanKind.SERVER, { 'http.request.method': req.method, 'url.path': req.path, 'request.id': requestId }, extractTraceContext(req.headers))
      : undefined;
    res.once('close', () => {
      const route = routeOf(req);
      // A client that went away before the answer was sent: nginx's 499.
      const status = res.writableFinished ? res.statusCode : 499;
      const labels = { route, method: req.method, status: String(status) };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, secondsSince(started));
      if (!span) return;
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
      endHttpSpan(span, status);
    });
    enterRequest(req, span, next);
  };
}
