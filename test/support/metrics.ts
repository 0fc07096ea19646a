// The processes' Prometheus metrics (GET /metrics), read as the tests' witnesses of what happened
// inside the server: jobs run, connections open, subgraphs counted down.
import { eventually } from '@social/testkit';
import { baseUrl } from './server';

/** Every process's base URL by name (global setup); a running server given by URL is one process. */
export const processUrls: Record<string, string> = process.env.E2E_PROCESS_URLS ? JSON.parse(process.env.E2E_PROCESS_URLS) : { all: baseUrl };
/** The processes of each part: the same one in the one-process targets. */
export const gatewayUrl = processUrls.gateway ?? baseUrl;
export const statusesUrl = processUrls.statuses ?? baseUrl;
export const mediaUrl = processUrls.media ?? baseUrl;

/** A process's metrics, in Prometheus' text format. */
export async function scrape(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The sum of a metric's samples whose labels include `labels`. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? ([-+\deE.]+|NaN)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

/** Resolves once the process running media jobs has none of `queue` waiting or running. */
export async function jobQueueEmpty(queue: string, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => sample(await scrape(mediaUrl), 'job_queue_depth', { queue }) === 0, { timeoutMs, intervalMs: 100, what: `the ${queue} queue to empty` });
}
