// One trace across the layers, with spans collected in memory: the embedded
// server (facade, gateway and subgraphs in one process, PGlite), then the
// split roles (each on its own HTTP port, PostgreSQL), started in this one
// process so one exporter sees them all; there the trace crosses each hop
// only as a traceparent header. The request arrives with a client's
// traceparent, which every layer continues.
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@social/config';
import { InMemorySpanExporter, startTracing, type ReadableSpan, type Tracing } from '@social/telemetry';
import { createTestDatabase, eventually, migrateDatabase, type TestDatabase } from '@social/testkit';
import { loadConfig } from './config';
import type { RunningRole } from './roles/lifecycle';
import { startAll } from './roles/all';
import { startFacade } from './roles/facade';
import { startGateway } from './roles/gateway';
import { startSubgraph } from './roles/subgraph';

const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';

const exporter = new InMemorySpanExporter();
const logger = createLogger('tracing-test', 'silent');
let tracing: Tracing;

beforeAll(() => {
  tracing = startTracing({ serviceName: 'social-test', exporter });
});

afterAll(() => tracing.shutdown());

async function listen(role: RunningRole): Promise<string> {
  await new Promise<void>((resolve) => role.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(role.server.address() as AddressInfo).port}`;
}

async function stop(role: RunningRole | undefined): Promise<void> {
  if (!role) return;
  await role.drain?.();
  role.server.closeAllConnections();
  await new Promise((resolve) => role.server.close(resolve));
  await role.close();
}

/** Registers an app through the facade with the client's traceparent; resolves to the spans of that trace, by name with their ancestors' names. */
async function tracedRegistration(baseUrl: string): Promise<{ spans: ReadableSpan[]; ancestors(name: string, match?: (span: ReadableSpan) => boolean): string[] | undefined }> {
  exporter.reset();
  const response = await fetch(`${baseUrl}/api/v1/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01` },
    body: JSON.stringify({ client_name: 'traced', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read' }),
  });
  expect(response.status).toBe(200);
  // The facade's span ends once the answer is sent: wait for it on a loaded machine.
  await eventually(() => exporter.getFinishedSpans().some((span) => span.name === 'POST /api/v1/apps'), { timeoutMs: 10_000, what: "the facade's span" });
  const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === CLIENT_TRACE);
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  return {
    spans,
    ancestors(name, match = () => true) {
      const span = spans.find((candidate) => candidate.name === name && match(candidate));
      if (!span) return undefined;
      const names: string[] = [];
      for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) names.push(parent.name);
      return names;
    },
  };
}

const isInsert = (span: ReadableSpan) => /insert/i.test(String(span.attributes['db.statement']));

describe('tracing in the one-process mode', () => {
  let running: RunningRole;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'social-tracing-'));
    running = await startAll(loadConfig('all', { DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMITS_ENABLED: 'false' }), logger);
    baseUrl = await listen(running);
  }, 180_000);

  afterAll(async () => {
    await stop(running);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("puts the facade request, the gateway operation, the subgraph fetch and its SQL in the caller's trace", async () => {
    const trace = await tracedRegistration(baseUrl);
    const facade = trace.spans.find((span) => span.name === 'POST /api/v1/apps');
    expect(facade?.parentSpanId).toBe(CLIENT_SPAN);
    expect(facade?.attributes['http.route']).toBe('/api/v1/apps');
    expect(trace.ancestors('gateway.request')).toContain('POST /api/v1/apps');
    expect(trace.ancestors('subgraph identity')).toEqual(expect.arrayContaining(['gateway.request', 'POST /api/v1/apps']));
    expect(trace.ancestors('db.query', isInsert)).toEqual(expect.arrayContaining(['subgraph identity', 'gateway.request', 'POST /api/v1/apps']));
  }, 60_000);
});

describe('tracing across the split roles, over HTTP', () => {
  const roles: RunningRole[] = [];
  let database: TestDatabase;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateDatabase(database.url);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'social-tracing-split-'));
    const common = {
      DATABASE_URL: database.url,
      INTERNAL_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      PUBLIC_URL: 'http://127.0.0.1:1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMITS_ENABLED: 'false',
    };
    const urls: Record<string, string> = {};
    for (const name of ['identity', 'statuses', 'media'] as const) {
      const role = await startSubgraph(name, loadConfig(name, common), logger);
      roles.push(role);
      urls[name] = await listen(role);
    }
    const gateway = await startGateway(
      loadConfig('gateway', { ...common, IDENTITY_URL: urls.identity, STATUSES_URL: urls.statuses, MEDIA_URL: urls.media }),
      logger,
    );
    roles.push(gateway);
    const gatewayUrl = await listen(gateway);
    const facade = await startFacade(loadConfig('facade', { ...common, GATEWAY_URL: `${gatewayUrl}/graphql`, MEDIA_URL: urls.media }), logger);
    roles.push(facade);
    baseUrl = await listen(facade);
  }, 180_000);

  afterAll(async () => {
    for (const role of roles.reverse()) await stop(role);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('continues the trace in the gateway process and in the subgraph process, from their traceparent headers', async () => {
    const trace = await tracedRegistration(baseUrl);
    expect(trace.spans.find((span) => span.name === 'POST /api/v1/apps')?.parentSpanId).toBe(CLIENT_SPAN);
    // facade -> (HTTP) gateway server span -> Apollo's spans -> fetch -> (HTTP) identity's server span -> SQL.
    expect(trace.ancestors('gateway POST /graphql')).toEqual(['POST /api/v1/apps']);
    expect(trace.ancestors('gateway.request')).toEqual(expect.arrayContaining(['gateway POST /graphql', 'POST /api/v1/apps']));
    expect(trace.ancestors('identity POST /graphql')).toEqual(expect.arrayContaining(['subgraph identity', 'gateway.request', 'gateway POST /graphql']));
    expect(trace.ancestors('db.query', isInsert)).toEqual(expect.arrayContaining(['identity POST /graphql', 'subgraph identity', 'gateway.request', 'POST /api/v1/apps']));
  }, 60_000);
});
