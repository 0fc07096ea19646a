#!/usr/bin/env node
// Where one kind of request spends its CPU: starts the server in its
// single-process PostgreSQL mode under `node --cpu-prof`, seeds the bench
// data, loads one endpoint, stops the server and summarises the profile:
// self time per package (workspace or node_modules package, node internals,
// GC) and the top functions, counting only samples taken while the load ran
// (the start and the seeding are left out).
//   --endpoint status|statusAuth|context|home|notifications|favourite|post (home)
//   --connections N (32)  --duration S (10)  --warmup S (3)  --top N (30)
//   --keep <file>: also copy the .cpuprofile there (open it in Chrome's DevTools)
//   --node-arg <flag> (repeatable): more flags for the server's node (e.g. --node-arg=--max-semi-space-size=64)
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { load } = require('./lib.js');
const { endpoints, seedScenario } = require('./fixtures.js');
const { startServer } = require('./servers.js');

const { values: args } = parseArgs({
  options: {
    endpoint: { type: 'string', default: 'home' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    top: { type: 'string', default: '30' },
    keep: { type: 'string' },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});

/** The package a script URL belongs to: `pkg` under node_modules, the workspace folder, or node's own. */
function packageOf(url) {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const root = path.resolve(__dirname, '..');
  const local = url.replace(/^file:\/\//, '');
  if (local.startsWith(root)) {
    const parts = path.relative(root, local).split(path.sep);
    return parts[0] === 'services' || parts[0] === 'packages' ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return url;
}

/** Self time (µs) per node of a .cpuprofile, counting the samples between two wall-clock instants (µs, the profile's clock). */
function selfTimes(profile, fromUs, toUs) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (at < fromUs || at > toUs) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + delta);
  }
  return [...self].map(([id, us]) => ({ node: byId.get(id), us }));
}

function table(title, rows, total, top) {
  console.log(`\n${title}`);
  for (const [name, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'social-profile-'));
  const server = await startServer('single', { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...args['node-arg']] });
  let window;
  let requests = 0;
  try {
    const endpoint = endpoints(await seedScenario(server.baseUrl))[args.endpoint];
    if (!endpoint) throw new Error(`unknown endpoint ${args.endpoint}`);
    const options = { url: server.baseUrl, connections: Number(args.connections), requests: endpoint.requests };
    await load({ ...options, duration: Number(args.warmup) });
    // The profile's clock is process.hrtime in µs, as performance.now() plus the time origin here is not: mark the window by hrtime.
    const from = Number(process.hrtime.bigint() / 1000n);
    const result = await load({ ...options, duration: Number(args.duration) });
    window = [from, Number(process.hrtime.bigint() / 1000n)];
    requests = result.requests.total;
    console.log(`${endpoint.title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} failed`);
  } finally {
    await server.stop();
  }
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (args.keep) fs.copyFileSync(path.join(dir, file), args.keep);
  fs.rmSync(dir, { recursive: true, force: true });

  const samples = selfTimes(profile, window[0], window[1]);
  const total = samples.reduce((sum, s) => sum + s.us, 0);
  const idle = samples.filter((s) => s.node.callFrame.functionName === '(idle)').reduce((sum, s) => sum + s.us, 0);
  const busy = total - idle;
  console.log(`main thread busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled; ${requests} requests; ${Math.round(busy / Math.max(1, requests))} µs main-thread CPU per request`);
  const byPackage = new Map();
  const byFunction = new Map();
  for (const { node, us } of samples) {
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') continue;
    const special = frame.functionName.startsWith('(') ? frame.functionName : null;
    const pkg = special ?? packageOf(frame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const name = special ?? `${frame.functionName || '(anonymous)'} ${pkg}:${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  table('self time by package (share of busy time)', byPackage, busy, Number(args.top));
  table('self time by function', byFunction, busy, Number(args.top));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
