#!/usr/bin/env node
// npm run bench:ratio: req/s of the federated GET /api/v1/statuses/:id (one
// process on PostgreSQL and Redis) over the bare reference's
// (reference-server.js on the same database), measured alternately, A B A B:
// each round 3 s warm-up + 10 s of the reference, then the same of the
// server. The figure is the median of the per-round ratios; the last line is
// `ratio <x>`.
//   --rounds N (5)  --connections N (10)  --duration S (10)  --warmup S (3)
//   --post   also the insert: POST /api/v1/statuses, printed as `post ratio <x>` before the last line
//   --all    every row of ratio-rows.js, each as a multiple of the CPU the reference spends on one
//            anonymous status read in the same run, against its goal; the last line is `worst <x> <row>`
//   --rows a,b  with --all, only the rows whose names start with one of these (the yardstick's row always runs):
//            e.g. --rows "status,context,home,notifications,favourite,post"
'use strict';
const { parseArgs } = require('node:util');
const { seedScenario } = require('./fixtures.js');
const { cpuSeconds, load, median, seed } = require('./lib.js');
const { compareRow, ratioRows } = require('./ratio-rows.js');
const { startReference, startServer } = require('./servers.js');

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    post: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    rows: { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);

/**
 * Warm-up, then the measured run; errors or non-2xx answers abort the
 * benchmark. Also the server's own CPU time per request, which other load
 * on the machine disturbs less than req/s (PostgreSQL's share not included).
 */
async function measure(target, requests) {
  const options = { url: target.baseUrl, connections: CONNECTIONS, requests };
  await load({ ...options, duration: WARMUP });
  const cpuBefore = cpuSeconds(target.pids);
  const result = await load({ ...options, duration: DURATION });
  const cpuUs = ((cpuSeconds(target.pids) - cpuBefore) / result.requests.total) * 1e6;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${target.baseUrl}${requests[0].path ?? ''}: ${failed} failed requests`);
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

/** A B rounds: the reference, then the server (`serverRequests` when the server is asked differently). */
async function abRounds(label, server, reference, requests, serverRequests = requests) {
  const results = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const a = await measure(reference, requests);
    const b = await measure(server, serverRequests);
    results.push({ a, b });
    console.log(
      `${label} round ${round}: reference ${Math.round(a.rps)} req/s (p50 ${a.p50} ms, p99 ${a.p99} ms, ${Math.round(a.cpuUs)} µs CPU/req)  ` +
        `server ${Math.round(b.rps)} req/s (p50 ${b.p50} ms, p99 ${b.p99} ms, ${Math.round(b.cpuUs)} µs CPU/req)  ratio ${(b.rps / a.rps).toFixed(3)}`,
    );
  }
  return results;
}

async function rounds(label, server, reference, request) {
  return median((await abRounds(label, server, reference, [request])).map(({ a, b }) => b.rps / a.rps));
}

const P99_LIMIT_MS = 50;
const us = (value) => `${Math.round(value)} µs`;

/**
 * --all: each row's bodies compared, then its A B rounds; then one summary
 * line per row (medians over the rounds) and the worst multiple last.
 */
async function all(server, reference) {
  const scenario = await seedScenario(server.baseUrl);
  const wanted = args.rows?.split(',').map((name) => name.trim()).filter(Boolean);
  const rows = ratioRows(scenario).filter((row, index) => index === 0 || !wanted || wanted.some((name) => row.name.startsWith(name)));
  const figures = new Map();
  for (const row of rows) {
    await compareRow(row, server, reference, scenario);
    const results = await abRounds(row.name, server, reference, row.requests, row.server);
    const pick = (side, key) => median(results.map((r) => r[side][key]));
    figures.set(row.name, { rps: pick('b', 'rps'), p50: pick('b', 'p50'), p99: pick('b', 'p99'), cpuUs: pick('b', 'cpuUs'), referenceCpuUs: pick('a', 'cpuUs') });
  }
  // The yardstick: the reference's CPU for one anonymous status read, this run.
  const unit = figures.get(rows[0].name).referenceCpuUs;
  console.log(`\nper row, medians of ${ROUNDS} round(s) at ${CONNECTIONS} connections; x = server CPU/req over the bare status read's ${us(unit)} CPU/req`);
  let worst = null;
  for (const row of rows) {
    const f = figures.get(row.name);
    const ratio = f.cpuUs / unit;
    let goal = 'no goal';
    if (row.goal) goal = `goal <= ${row.goal}: ${ratio <= row.goal ? 'met' : 'NOT met'}`;
    if (row.relative && !figures.has(row.relative.row)) goal = `goal relative to ${row.relative.row}, which --rows left out`;
    else if (row.relative) {
      const rest = figures.get(row.relative.row).cpuUs;
      const factor = f.cpuUs / rest;
      goal = `goal <= ${row.relative.factor}x REST (${row.relative.row}): ${factor.toFixed(2)}x, ${factor <= row.relative.factor ? 'met' : 'NOT met'}`;
    }
    const p99 = f.p99 > P99_LIMIT_MS ? `${f.p99} ms (> ${P99_LIMIT_MS} ms)` : `${f.p99} ms`;
    console.log(
      `${row.name}: ${Math.round(f.rps)} req/s, p50 ${f.p50} ms, p99 ${p99}, server ${us(f.cpuUs)} CPU/req = ${ratio.toFixed(2)}x, ${goal}; ` +
        `reference ${us(f.referenceCpuUs)} CPU/req (${(f.referenceCpuUs / unit).toFixed(2)}x)`,
    );
    if (!worst || ratio > worst.ratio) worst = { ratio, name: row.name };
  }
  console.log(`worst ${worst.ratio.toFixed(2)} ${worst.name}`);
}

async function main() {
  console.log(`${ROUNDS} rounds of ${WARMUP} s warm-up + ${DURATION} s, ${CONNECTIONS} connections, A = reference, B = server (single process, PostgreSQL)`);
  const server = await startServer('single');
  let reference;
  try {
    if (args.all) {
      reference = await startReference(server.databaseUrl, server.baseUrl);
      return await all(server, reference);
    }
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
