#!/usr/bin/env node
// Before/after in one run: two builds (this checkout and `--before <dir>`, a
// built copy of another commit, e.g. `git worktree add` + npm ci + build)
// each started in the single-process PostgreSQL mode and seeded alike, then
// loaded alternately, A B A B, as bench:ratio does. Prints per round both
// sides' req/s, latency and CPU time per request; the last line is
// `speedup <x>`, the median of after/before req/s.
//   --before <dir> (required)  --endpoint status|context|post|favourite|home|statusAuth|notifications (status)
//   --rounds N (5)  --connections N (10)  --duration S (10)  --warmup S (3)
//   --after-node-arg <flag> (repeatable): node flags for the after side only (with --before . the
//   same build with and without them, e.g. --after-node-arg=--max-semi-space-size=64)
'use strict';
const path = require('node:path');
const { parseArgs } = require('node:util');
const { cpuSeconds, load } = require('./lib.js');
const { endpoints, seedScenario } = require('./fixtures.js');
const { startServer } = require('./servers.js');

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    endpoint: { type: 'string', default: 'status' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    'after-node-arg': { type: 'string', multiple: true, default: [] },
  },
});
if (!args.before) throw new Error('--before <dir of a built checkout> is required');

async function measure(target) {
  const options = { url: target.server.baseUrl, connections: Number(args.connections), requests: target.requests };
  await load({ ...options, duration: Number(args.warmup) });
  const before = cpuSeconds(target.server.pids);
  const result = await load({ ...options, duration: Number(args.duration) });
  const cpuUs = ((cpuSeconds(target.server.pids) - before) / Math.max(1, result.requests.total)) * 1e6;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${target.label}: ${failed} failed requests`);
  return `${Math.round(result.requests.average)} req/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(cpuUs)} µs CPU/req)`;
}

async function main() {
  const targets = [];
  try {
    for (const [label, root] of [['before', path.resolve(args.before)], ['after', undefined]]) {
      const server = await startServer('single', root ? { root } : { nodeArgs: args['after-node-arg'] });
      const requests = endpoints(await seedScenario(server.baseUrl))[args.endpoint].requests;
      targets.push({ label, server, requests });
    }
    const speedups = [];
    for (let round = 1; round <= Number(args.rounds); round++) {
      const a = await measure(targets[0]);
      const b = await measure(targets[1]);
      const speedup = Number(b.split(' ')[0]) / Number(a.split(' ')[0]);
      speedups.push(speedup);
      console.log(`round ${round}: before ${a}  after ${b}  speedup ${speedup.toFixed(2)}`);
    }
    speedups.sort((x, y) => x - y);
    const mid = speedups.length >> 1;
    console.log(`speedup ${(speedups.length % 2 ? speedups[mid] : (speedups[mid - 1] + speedups[mid]) / 2).toFixed(2)}`);
  } finally {
    for (const target of targets) await target.server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
