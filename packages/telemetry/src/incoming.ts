import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { acceptRequestId, REQUEST_ID_HEADER } from './request-context.js';
import { endHttpSpan, extractTraceContext, runInContext, SpanKind, startSpan, tracingEnabled, withActiveSpan } from './tracing.js';

/**
 * Runs `handle` with the request's server span active when tracing is on,
 * and keeps the request's own events in that context: node emits the body's
 * events from the connection, outside it, and body parsers continue from
 * them. Without a span there is no context to keep: `handle` runs as is.
 */
export function enterRequest(req: IncomingMessage, span: Span | undefined, handle: () => void): void {
  if (!span) {
    handle();
    return;
  }
  runInContext(withActiveSpan(span), () => {
    // One resource whose scope every later emit enters (AsyncResource.bind would also define deprecated accessors on each bound function).
    const scope = new AsyncResource('REQUEST_CONTEXT');
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with req as `this` (runInAsyncScope's thisArg)
    const emit = req.emit;
    req.emit = function emitInRequestContext(this: IncomingMessage, ...args: Parameters<IncomingMessage['emit']>) {
      return scope.runInAsyncScope(emit, req, ...args);
    } as IncomingMessage['emit'];
    handle();
  });
}

/**
 * Serves one request of an internal server (gateway, subgraph) as part of
 * its caller's: the caller's request id (answered in X-Request-Id, and set
 * on the request's headers for the handler to pass on) and trace (a server span under its traceparent).
 */
export function serveInRequestContext(service: string, req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader('X-Request-Id', requestId);
  let span: Span | undefined;
  if (tracingEnabled()) {
    // express strips a router's mount path from req.url; originalUrl keeps it.
    const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? '/').split('?')[0];
    const started = startSpan(`${service} ${req.method} ${path}`, SpanKind.SERVER, { 'http.request.method': req.method ?? '', 'url.path': path, 'request.id': requestId }, extractTraceContext(req.headers));
    res.once('close', () => endHttpSpan(started, res.writableFinished ? res.statusCode : 499));
    span = started;
  }
  enterRequest(req, span, handle);
}
