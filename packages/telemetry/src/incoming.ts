import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptRequestId, REQUEST_ID_HEADER, runWithRequestId } from './request-context.js';
import { endHttpSpan, extractTraceContext, runInContext, SpanKind, startSpan, withActiveSpan } from './tracing.js';

/**
 * Serves one request of an internal server (gateway, subgraph) as part of
 * its caller's: the caller's request id (answered in X-Request-Id, and in
 * every log line) and trace (a server span under its traceparent).
 */
export function serveInRequestContext(service: string, req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader('X-Request-Id', requestId);
  // express strips a router's mount path from req.url; originalUrl keeps it.
  const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? '/').split('?')[0] as string;
  const span = startSpan(`${service} ${req.method} ${path}`, SpanKind.SERVER, { 'http.request.method': req.method ?? '', 'url.path': path, 'request.id': requestId }, extractTraceContext(req.headers));
  res.once('close', () => endHttpSpan(span, res.writableFinished ? res.statusCode : 499));
  runInContext(withActiveSpan(span), () =>
    runWithRequestId(requestId, () => {
      // The body arrives in stream events node emits outside this context: bind them to it.
      req.emit = AsyncResource.bind(req.emit, 'REQUEST_CONTEXT', req) as typeof req.emit;
      handle();
    }),
  );
}
