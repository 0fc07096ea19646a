#!/usr/bin/env node
// npm run bench: the whole table. For each mode (single process on
// PostgreSQL and Redis; five processes; embedded PGlite) a fresh server is
// started and seeded (fixtures.js), then each endpoint is loaded at each
// connection count: 3 s warm-up + 10 s. One row per cell: req/s, p50, p99,
// errors, and the peak RSS summed over the server's processes during the cell.
// Takes about 5 minutes per mode. Parts only:
//   --modes single,multi,embedded   --endpoints status,context,post,favourite,home
//   --connections 10,32   --duration S (10)   --warmup S (3)
'use strict';
const { parseArgs } = require('node:util');
const { load } = require('./lib.js');
const { endpoints, seedScenario } = require('./fixtures.js');
const { MODES, sampleRss, startServer } = require('./servers.js');

const ENDPOINTS = ['status', 'context', 'post', 'favourite', 'home'];
const { values: args } = parseArgs({
  options: {
    modes: { type: 'string', default: MODES.join(',') },
    endpoints: { type: 'string', default: ENDPOINTS.join(',') },
    connections: { type: 'string', default: '10,32' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
  },
});
const list = (value, allowed) => {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = allowed ? items.filter((item) => !allowed.includes(item)) : [];
  if (unknown.length) throw new Error(`unknown ${unknown.join(', ')}; choose from ${allowed.join(', ')}`);
  return items;
};
const modes = list(args.modes, MODES);
const chosen = list(args.endpoints, ENDPOINTS);
const connectionCounts = list(args.connections).map(Number);
const MODE_TITLES = { single: 'single process, PostgreSQL + Redis', multi: 'five processes, PostgreSQL + Redis', embedded: 'embedded, PGlite' };

const rows = [];
function print(row) {
  const line = `| ${row.mode} | ${row.endpoint} | ${row.connections} | ${row.rps} | ${row.p50} ms | ${row.p99} ms | ${row.errors} | ${row.rss} MiB |`;
  console.log(line);
  rows.push(line);
}

/**
 * Waits until the server answers /health quickly: requests a cell left in
 * flight when its time ran out must not be charged to the next cell.
 */
async function settle(baseUrl) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${baseUrl}/health`).catch(() => undefined);
    if (Date.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function runMode(mode) {
  const server = await startServer(mode);
  console.error(`${mode}: started in ${server.startMs} ms (${MODE_TITLES[mode]})`);
  try {
    const requests = endpoints(await seedScenario(server.baseUrl));
    for (const name of chosen) {
      for (const connections of connectionCounts) {
        const options = { url: server.baseUrl, connections, requests: requests[name].requests };
        await settle(server.baseUrl);
        await load({ ...options, duration: Number(args.warmup) });
        const rss = sampleRss(server.pids);
        const result = await load({ ...options, duration: Number(args.duration) });
        const peak = rss.stop();
        print({
          mode,
          endpoint: requests[name].title,
          connections,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.non2xx + result.errors + result.timeouts,
          rss: Math.round(peak / 2 ** 20),
        });
      }
    }
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`${args.warmup} s warm-up + ${args.duration} s per cell; RSS: peak of the server's processes summed (PostgreSQL and Redis not counted)`);
  console.log('| mode | endpoint | connections | req/s | p50 | p99 | errors | peak RSS |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const mode of modes) await runMode(mode);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
