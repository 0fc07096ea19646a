import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * Every Prometheus metric of the server, in one place so names and labels
 * stay consistent across processes. Each process exposes its own registry on
 * GET /metrics; in the one-process mode all of them are in that one.
 */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let defaultsStarted = false;
/** Process metrics (CPU, memory, event loop lag, GC); once per process. */
export function collectProcessMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics();
}

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'REST facade requests answered, by route pattern, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'REST facade request latency, by route pattern, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

export const subgraphFetchDuration = new Histogram({
  name: 'subgraph_fetch_duration_seconds',
  help: 'Gateway calls to a subgraph (in-process or HTTP), by subgraph and outcome.',
  labelNames: ['subgraph', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const subgraphUp = new Gauge({
  name: 'subgraph_up',
  help: 'Whether the gateway reaches each subgraph process over HTTP (1), or knows it down until its /health answers again (0).',
  labelNames: ['subgraph'] as const,
});

export const graphqlOperations = new Counter({
  name: 'graphql_operations_total',
  help: 'GraphQL operations the gateway executed, by operation name, type and outcome.',
  labelNames: ['operation', 'type', 'outcome'] as const,
});

export const streamingConnections = new Gauge({
  name: 'streaming_connections',
  help: 'Open streaming connections (SSE and WebSocket subscriptions), by stream.',
  labelNames: ['stream'] as const,
});

export const eventsPublished = new Counter({
  name: 'events_published_total',
  help: 'Events published on the event bus, by channel.',
  labelNames: ['channel'] as const,
});

export const eventsDelivered = new Counter({
  name: 'events_delivered_total',
  help: 'Events delivered to subscribers of the event bus in this process, by channel.',
  labelNames: ['channel'] as const,
});

export const jobsProcessed = new Counter({
  name: 'jobs_processed_total',
  help: 'Background jobs run, by queue and outcome (completed, retried, failed).',
  labelNames: ['queue', 'outcome'] as const,
});

export const rateLimitRejections = new Counter({
  name: 'rate_limit_rejections_total',
  help: 'Requests refused with 429, by rate-limit bucket.',
  labelNames: ['bucket'] as const,
});

/** Sources of the job queue depth, asked at scrape time (a worker registers its database). */
const queueDepthSources = new Set<() => Promise<Record<string, number>>>();

export const jobQueueDepth = new Gauge({
  name: 'job_queue_depth',
  help: 'Jobs waiting or running, by queue (read from the database at scrape time).',
  labelNames: ['queue'] as const,
  async collect() {
    this.reset();
    for (const source of queueDepthSources) {
      try {
        for (const [queue, depth] of Object.entries(await source())) this.set({ queue }, depth);
      } catch {
        // The database is unreachable: leave the gauge empty rather than fail the scrape.
      }
    }
  },
});

/** Registers a depth source; returns its removal. */
export function addQueueDepthSource(source: () => Promise<Record<string, number>>): () => void {
  queueDepthSources.add(source);
  return () => queueDepthSources.delete(source);
}

export interface MetricsSettings {
  /** false: /metrics answers 404. */
  enabled: boolean;
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  token?: string;
}

let settings: MetricsSettings = { enabled: true };

/** Set once at start-up from the process configuration. */
export function configureMetrics(next: MetricsSettings): void {
  settings = next;
  if (next.enabled) collectProcessMetrics();
}

/**
 * Serves GET /metrics on a plain node or express server; returns false for
 * any other request so the caller goes on.
 */
export function serveMetrics(req: IncomingMessage, res: ServerResponse): boolean {
  // Every request of a server passes here: compare without splitting the URL.
  const url = req.url ?? '/';
  if (!(url === '/metrics' || url.startsWith('/metrics?')) || req.method !== 'GET' || !settings.enabled) return false;
  if (settings.token && req.headers.authorization !== `Bearer ${settings.token}`) {
    res.writeHead(401, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":"The access token is invalid"}');
    return true;
  }
  register.metrics().then(
    (text) => res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text),
    (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
  );
  return true;
}

/** Seconds since `start` (from process.hrtime.bigint()). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
