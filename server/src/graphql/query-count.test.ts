// Issue #8, efficiency: entity references are batched, so a thread's context or a home
// timeline costs a bounded number of SQL statements per subgraph, whatever its length.
// Counted as `db.query` spans under each `subgraph <name>` span of one traced request,
// in the one-process mode on PostgreSQL.
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@social/config';
import { InMemorySpanExporter, startTracing, type ReadableSpan, type Tracing } from '@social/telemetry';
import { createTestDatabase, eventually, Testrig, type TestDatabase, type TestUser } from '@social/testkit';
import { loadConfig } from '../config';
import type { RunningRole } from '../roles/lifecycle';
import { startAll } from '../roles/all';

jest.setTimeout(240_000);

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let running: RunningRole;
let database: TestDatabase;
let dataDir: string;
let baseUrl: string;
let rig: Testrig;
let users: TestUser[];

const TRACE_PREFIX = '5ca1ab1e5ca1ab1e5ca1ab1e';
let traces = 0;

/** SQL statements per subgraph while serving one request (a GET, or a POST of a form). */
async function statementsPerSubgraph(path: string, token: string, form?: Record<string, string>): Promise<Record<string, number>> {
  traces += 1;
  const traceId = `${TRACE_PREFIX}${traces.toString(16).padStart(8, '0')}`;
  exporter.reset();
  const response = await fetch(`${baseUrl}${path}`, {
    method: form ? 'POST' : 'GET',
    body: form ? new URLSearchParams(form) : undefined,
    headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  const mine = () => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  const serverSpan = `${form ? 'POST' : 'GET'} ${path.split('?')[0]?.replace(/\/\d+/g, '/:id')}`;
  await eventually(() => mine().some((span) => span.name === serverSpan), { timeoutMs: 10_000, what: `the span ${serverSpan}` });
  const spans = mine();
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  const subgraphOf = (span: ReadableSpan): string | null => {
    for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) {
      const match = /^subgraph (\w+)$/.exec(parent.name);
      if (match) return match[1];
    }
    return null;
  };
  const counts: Record<string, number> = {};
  for (const span of spans) {
    if (span.name !== 'db.query') continue;
    const subgraph = subgraphOf(span) ?? '(outside a subgraph fetch)';
    // QUERY_COUNT_PRINT=1 prints each statement, to see what a count is made of.
    if (process.env.QUERY_COUNT_PRINT) process.stderr.write(`[sql ${subgraph}] ${String(span.attributes['db.statement']).replace(/\s+/g, ' ').slice(0, 160)}\n`);
    counts[subgraph] = (counts[subgraph] ?? 0) + 1;
  }
  return counts;
}

/** A thread of `size` statuses by three accounts taking turns: the root and its replies, each to the previous one. */
async function thread(size: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < size; i += 1) {
    const author = users[i % users.length];
    const parent = ids[ids.length - 1];
    ids.push((await rig.post(author.token, parent ? { status: `reply ${i} #thread`, in_reply_to_id: parent } : { status: 'root #thread' })).id);
  }
  return ids;
}

beforeAll(async () => {
  tracing = startTracing({ serviceName: 'query-count', exporter });
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'social-query-count-'));
  running = await startAll(loadConfig('all', { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMITS_ENABLED: 'false' }), createLogger('query-count', 'silent'));
  await new Promise<void>((resolve) => running.server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`;
  rig = new Testrig(baseUrl);
  users = [await rig.newUser('qc1'), await rig.newUser('qc2'), await rig.newUser('qc3')];
});

afterAll(async () => {
  await running?.drain?.();
  running?.server.closeAllConnections();
  await new Promise((resolve) => running?.server.close(resolve));
  await running?.close();
  await tracing?.shutdown();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The bound per subgraph, and that the count does not grow with the number of items. */
function expectBounded(small: Record<string, number>, large: Record<string, number>, bound: number): void {
  for (const [subgraph, count] of Object.entries(large)) {
    expect({ subgraph, count: count <= bound }).toEqual({ subgraph, count: true });
    expect({ subgraph, grows: count > (small[subgraph] ?? 0) + 2 }).toEqual({ subgraph, grows: false });
  }
}

describe('SQL statements per subgraph', () => {
  it('for the context of a 60-status thread: bounded, and no more than for a 6-status one', async () => {
    const short = await thread(6);
    const long = await thread(60);
    const viewer = users[0];
    const small = await statementsPerSubgraph(`/api/v1/statuses/${short[3]}/context`, viewer.token);
    const large = await statementsPerSubgraph(`/api/v1/statuses/${long[30]}/context`, viewer.token);
    process.stderr.write(`[query count] context of 6: ${JSON.stringify(small)}; of 60: ${JSON.stringify(large)}\n`);
    expect(Object.keys(large)).toEqual(expect.arrayContaining(['statuses']));
    expectBounded(small, large, 25);
    // The target, the ancestors' and descendants' walks, the viewer's blocks and mutes, the listed statuses (with
    // flags and cards) and the viewer's filters.
    expect(large.statuses).toBeLessThanOrEqual(6);
  });

  it('for a home timeline of 40: bounded, and no more than for one of 5', async () => {
    const reader = await rig.newUser('qcreader');
    const author = users[1];
    await fetch(`${baseUrl}/api/v1/accounts/${author.account.id}/follow`, { method: 'POST', headers: { authorization: `Bearer ${reader.token}` } });
    const small = await statementsPerSubgraph('/api/v1/timelines/home?limit=5', reader.token);
    for (let i = 0; i < 40; i += 1) await rig.post(author.token, `timeline ${i}`);
    const before = await statementsPerSubgraph('/api/v1/timelines/home?limit=5', reader.token);
    const large = await statementsPerSubgraph('/api/v1/timelines/home?limit=40', reader.token);
    process.stderr.write(`[query count] home of 5: ${JSON.stringify(before)}; of 40: ${JSON.stringify(large)} (empty: ${JSON.stringify(small)})\n`);
    expectBounded(before, large, 25);
    // The page's ids, the statuses (with flags and cards) and the viewer's filters.
    expect(large.statuses).toBeLessThanOrEqual(3);
  });

  it('for publishing a plain status: the answer is built from the write, not read back', async () => {
    const author = users[2];
    await rig.post(author.token, 'warm-up');
    const counts = await statementsPerSubgraph('/api/v1/statuses', author.token, { status: 'Counted, not read back', visibility: 'public', sensitive: 'false', language: 'en' });
    process.stderr.write(`[query count] publish: ${JSON.stringify(counts)}\n`);
    // One statement (conversation, status, author counters and username: status-insert.data.ts); no transaction, and no card, poll, flags or counters read after it.
    expect(counts.statuses).toBe(1);
    // The author's account; the application was kept from the warm-up post (applications never change).
    expect(counts.identity).toBe(1);
    // Leaving out visibility, sensitive or language costs nothing more: the posting defaults come with the principal (docs/api/statuses.md#posting-defaults).
    const defaulted = await statementsPerSubgraph('/api/v1/statuses', author.token, { status: 'Counted, with the defaults' });
    expect(defaulted.statuses).toBe(1);
  });

  it('for a favourite: the answer keeps the flags and counters of the read after the write', async () => {
    const [author, fan] = [users[0], users[1]];
    const target = await rig.post(author.token, 'to be favourited');
    const counts = await statementsPerSubgraph(`/api/v1/statuses/${target.id}/favourite`, fan.token, {});
    process.stderr.write(`[query count] favourite: ${JSON.stringify(counts)}\n`);
    // The status (its visibility), the favourite with its counter, the status again (its flags, counters and card
    // kept for the answer: no second read of the flags, no card statement), the notification (the recipient's
    // refusals, the policy's facts in one statement, the row, the recipient's Web Push subscriptions to match) and
    // the viewer's filters: eight (fourteen, and no push, when the policy read its facts through seven Prisma calls
    // and the flags and card were read apart).
    expect(counts.statuses).toBeLessThanOrEqual(8);
  });
});
