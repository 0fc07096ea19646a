import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { eventually } from '@social/testkit';
import { traceDatabaseAdapter } from './database';
import { serveInRequestContext } from './incoming';
import { configureMetrics, eventsPublished, serveMetrics } from './metrics';
import { acceptRequestId } from './request-context';
import { startTracing, tracingEnabled, withSpan } from './tracing';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('acceptRequestId', () => {
  it('keeps a sane id and replaces an empty, long or odd one', () => {
    expect(acceptRequestId('edge-1.2:3_x')).toBe('edge-1.2:3_x');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), '<script>', 'line\nbreak']) expect(acceptRequestId(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('serveInRequestContext', () => {
  it("answers the caller's request id and hands it to the handler on the request, each keep-alive request its own", async () => {
    const server = createServer((req, res) =>
      serveInRequestContext('test', req, res, () => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => res.end(JSON.stringify({ body, requestId: req.headers['x-request-id'] })));
      }),
    );
    const url = await listen(server);
    try {
      // Keep-alive: both requests share one connection, and each keeps its own id.
      for (const id of ['first-1', 'second-2']) {
        const response = await fetch(url, { method: 'POST', headers: { 'x-request-id': id }, body: 'x'.repeat(100_000) });
        expect(response.headers.get('x-request-id')).toBe(id);
        expect(await response.json()).toEqual({ body: 'x'.repeat(100_000), requestId: id });
      }
    } finally {
      server.close();
    }
  });
});

describe('serveInRequestContext with tracing on', () => {
  it("opens a server span under the caller's traceparent, with the request id, ended with the status", async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = startTracing({ serviceName: 'test', exporter });
    const server = createServer((req, res) =>
      serveInRequestContext('test', req, res, () => {
        res.statusCode = 201;
        // Continued from the body's events, which node emits from the connection: the span must still be active there.
        req.resume();
        req.on('end', () => res.end(trace.getActiveSpan()?.spanContext().traceId));
      }),
    );
    const url = await listen(server);
    try {
      const response = await fetch(`${url}/graphql?x=1`, {
        method: 'POST',
        body: 'x'.repeat(100_000),
        headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'x-request-id': 'traced-1' },
      });
      // The handler ran with the span active: the trace continues there.
      expect(await response.text()).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      const [span] = await eventually(() => exporter.getFinishedSpans().length > 0 && exporter.getFinishedSpans(), { timeoutMs: 4_000, intervalMs: 10 });
      expect(span?.name).toBe('test POST /graphql');
      expect(span?.parentSpanId).toBe('00f067aa0ba902b7');
      expect(span?.attributes).toMatchObject({ 'request.id': 'traced-1', 'url.path': '/graphql', 'http.response.status_code': 201 });
    } finally {
      server.close();
      await tracing.shutdown();
    }
  });
});

describe('tracing off (never started, or shut down)', () => {
  it('runs withSpan bodies with a span that records nothing, and knows it is off', async () => {
    expect(tracingEnabled()).toBe(false);
    expect(await withSpan('work', {}, async (span) => (span.isRecording() ? 'recorded' : 'not recorded'))).toBe('not recorded');
    const tracing = startTracing({ serviceName: 'test', exporter: new InMemorySpanExporter() });
    expect(tracingEnabled()).toBe(true);
    expect(await withSpan('work', {}, async (span) => (span.isRecording() ? 'recorded' : 'not recorded'))).toBe('recorded');
    await tracing.shutdown();
    expect(tracingEnabled()).toBe(false);
  });
});

describe('serveMetrics', () => {
  afterEach(() => configureMetrics({ enabled: true }));

  it('answers Prometheus text on GET /metrics only, behind the token when one is set', async () => {
    const server = createServer((req, res) => {
      if (!serveMetrics(req, res)) res.writeHead(404).end('elsewhere');
    });
    const url = await listen(server);
    try {
      eventsPublished.inc({ channel: 'test-channel' });
      configureMetrics({ enabled: true });
      const open = await fetch(`${url}/metrics`);
      expect(open.status).toBe(200);
      expect(await open.text()).toContain('events_published_total{channel="test-channel"} 1');
      expect((await fetch(`${url}/other`)).status).toBe(404);
      expect((await fetch(`${url}/metrics?name=x`)).status).toBe(200);
      expect((await fetch(`${url}/metricsx`)).status).toBe(404);

      configureMetrics({ enabled: true, token: 'a-long-enough-token' });
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer a-long-enough-token' } })).status).toBe(200);

      configureMetrics({ enabled: false });
      expect((await fetch(`${url}/metrics`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('traceDatabaseAdapter', () => {
  it('makes each statement of a connection or transaction a span under the active one, and none outside a trace', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = startTracing({ serviceName: 'test', exporter });
    try {
      const transaction = { queryRaw: async () => ({ rows: [] }), commit: async () => undefined };
      const adapter = { provider: 'postgres', queryRaw: async () => ({ rows: [] }), executeRaw: async () => 1, startTransaction: async () => transaction };
      const factory = traceDatabaseAdapter({ adapterName: 'fake', connect: async () => adapter }, 'postgresql');
      expect(factory.adapterName).toBe('fake');
      const connection = await factory.connect();
      await connection.queryRaw({ sql: 'SELECT 0' });
      expect(exporter.getFinishedSpans()).toEqual([]);

      await withSpan('resolver', {}, async () => {
        await connection.executeRaw({ sql: 'UPDATE a SET b = 1' });
        await (await connection.startTransaction()).queryRaw({ sql: 'SELECT 1' });
      });
      const spans = exporter.getFinishedSpans();
      const resolver = spans.find((span) => span.name === 'resolver');
      expect(spans.filter((span) => span.name === 'db.query').map((span) => [span.attributes['db.statement'], span.parentSpanId])).toEqual([
        ['UPDATE a SET b = 1', resolver?.spanContext().spanId],
        ['SELECT 1', resolver?.spanContext().spanId],
      ]);
    } finally {
      await tracing.shutdown();
    }
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
