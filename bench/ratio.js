#!/usr/bin/env node
// npm run bench:ratio: req/s of the federated GET /api/v1/statuses/:id (one
// process on PostgreSQL and Redis) over the bare reference's
// (reference-server.js on the same database), measured alternately, A B A B:
// each round 3 s warm-up + 10 s of the reference, then the same of the
// server. The figure is the median of the per-round ratios; the last line is
// `ratio <x>`.
//   --rounds N (5)  --connections N (10)  --duration S (10)  --warmup S (3)
//   --post   also the insert: POST /api/v1/statuses, printed as `post ratio <x>` before the last line
'use strict';
const { readFileSync } = require('node:fs');
const { parseArgs } = require('node:util');
const { load, seed } = require('./lib.js');
const { startReference, startServer } = require('./servers.js');

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    post: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** CPU seconds (user + system) the processes have used so far. */
function cpuSeconds(pids) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  }, 0);
}

/**
 * Warm-up, then the measured run; errors or non-2xx answers abort the
 * benchmark. Also the server's own CPU time per request, which other load
 * on the machine disturbs less than req/s (PostgreSQL's share not included).
 */
async function measure(target, request) {
  const options = { url: target.baseUrl, connections: CONNECTIONS, requests: [request] };
  await load({ ...options, duration: WARMUP });
  const cpuBefore = cpuSeconds(target.pids);
  const result = await load({ ...options, duration: DURATION });
  const cpuUs = ((cpuSeconds(target.pids) - cpuBefore) / result.requests.total) * 1e6;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${target.baseUrl}${request.path}: ${failed} failed requests`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs };
}

/** The two servers must answer the same body, or the ratio compares different work. */
async function compareBodies(serverUrl, referenceUrl, path) {
  const [server, reference] = await Promise.all([serverUrl, referenceUrl].map(async (base) => (await fetch(`${base}${path}`)).json()));
  const a = JSON.stringify(server);
  const b = JSON.stringify(reference);
  if (a === b) return console.log(`bodies identical (${a.length} bytes)`);
  const keys = Object.keys({ ...server, ...reference }).filter((k) => JSON.stringify(server[k]) !== JSON.stringify(reference[k]));
  console.log(`WARNING: the bodies differ in ${keys.join(', ')}; the ratio compares different work`);
}

async function rounds(label, server, reference, request) {
  const ratios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const a = await measure(reference, request);
    const b = await measure(server, request);
    ratios.push(b.rps / a.rps);
    console.log(
      `${label} round ${round}: reference ${Math.round(a.rps)} req/s (p50 ${a.p50} ms, p99 ${a.p99} ms, ${Math.round(a.cpuUs)} µs CPU/req)  ` +
        `server ${Math.round(b.rps)} req/s (p50 ${b.p50} ms, p99 ${b.p99} ms, ${Math.round(b.cpuUs)} µs CPU/req)  ratio ${(b.rps / a.rps).toFixed(3)}`,
    );
  }
  return median(ratios);
}

async function main() {
  console.log(`${ROUNDS} rounds of ${WARMUP} s warm-up + ${DURATION} s, ${CONNECTIONS} connections, A = reference, B = server (single process, PostgreSQL)`);
  const server = await startServer('single');
  let reference;
  try {
    const { statusId, userToken } = await seed(server.baseUrl);
    reference = await startReference(server.databaseUrl, server.baseUrl);
    const path = `/api/v1/statuses/${statusId}`;
    await compareBodies(server.baseUrl, reference.baseUrl, path);
    const read = await rounds('read', server, reference, { method: 'GET', path });
    if (args.post) {
      const post = {
        method: 'POST',
        path: '/api/v1/statuses',
        headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'status=Benchmark+post',
      };
      console.log(`post ratio ${(await rounds('post', server, reference, post)).toFixed(3)}`);
    }
    console.log(`ratio ${read.toFixed(3)}`);
  } finally {
    await reference?.stop();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
