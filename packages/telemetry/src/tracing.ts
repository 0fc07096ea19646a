import { context, INVALID_SPAN_CONTEXT, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export { SpanKind };
export type { Span };

export interface TracingOptions {
  /** `service.name` of this process's spans (social-facade, social-identity, ...). */
  serviceName: string;
  /** OTLP/HTTP base URL (`http://collector:4318`); spans go to `<url>/v1/traces`. */
  otlpEndpoint?: string;
  /** Spans go here, each as it ends (tests: an InMemorySpanExporter). */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Sends what is left and stops; the API goes back to doing nothing. */
  shutdown(): Promise<void>;
}

/** Whether startTracing is in effect: without it the helpers below skip span work altogether. */
let tracingStarted = false;

/**
 * Tracing is off unless started: without a registered provider the
 * OpenTelemetry API hands out no-op spans and injects no headers, and the
 * helpers below do not even make those (a per-request cost on hot paths).
 */
export function startTracing(options: TracingOptions): Tracing {
  const spanProcessors = [];
  if (options.exporter) spanProcessors.push(new SimpleSpanProcessor(options.exporter));
  if (options.otlpEndpoint) {
    const url = `${options.otlpEndpoint.replace(/\/+$/, '')}/v1/traces`;
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  }
  const provider = new NodeTracerProvider({ resource: new Resource({ 'service.name': options.serviceName }), spanProcessors });
  // Registers the AsyncLocalStorage context manager and the W3C traceparent propagator too.
  provider.register();
  tracingStarted = true;
  return {
    async shutdown() {
      tracingStarted = false;
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

const tracer = () => trace.getTracer('social-federation');

/** True while spans are recorded (startTracing until its shutdown). */
export function tracingEnabled(): boolean {
  return tracingStarted;
}

/** What `fn` of withSpan gets when tracing is off: a span that records nothing. */
const NOT_RECORDING = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Runs `fn` in a new active span (child of the current one), recording a throw as its error. */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracingStarted) return fn(NOT_RECORDING);
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, options.parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Starts a span the caller ends (an express request ends on the response's finish). */
export function startSpan(name: string, kind: SpanKind, attributes: Attributes, parent: Context): Span {
  return tracer().startSpan(name, { kind, attributes }, parent);
}

/** Adds `traceparent` (and `tracestate`) of the current span to outgoing headers. */
export function injectTraceHeaders(headers: Record<string, string>, from: Context = context.active()): Record<string, string> {
  propagation.inject(from, headers);
  return headers;
}

/** The caller's trace context from incoming headers (ROOT when there is none). */
export function extractTraceContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

/** Runs `fn` with `ctx` as the active context. */
export function runInContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/** Marks the span as failed when the status is a server error. */
export function endHttpSpan(span: Span, status: number): void {
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** The current context with `span` as its active span. */
export function withActiveSpan(span: Span, parent: Context = context.active()): Context {
  return trace.setSpan(parent, span);
}

/** The trace id of the active span, when tracing is on (log lines carry it, to find their trace). */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}
