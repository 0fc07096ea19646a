// Starts what the benchmarks load: the server in each of its three modes, and
// the bare reference server; samples their memory.
'use strict';
const { fork, spawn, execFile } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { mkdtemp, rm } = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { ROOT, freePort, createDatabase } = require('./lib.js');

const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
/** BENCH_SERVER_ROOT runs another checkout's build (a before/after comparison in one run). */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : ROOT;
const MODES = ['single', 'multi', 'embedded'];
/** Node flags the server ships with (the Dockerfile's NODE_OPTIONS, `npm start`): measured as run; another checkout runs with its own (shippedNodeFlags). */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** Settings of the caller's environment a benchmark server never inherits. */
const OWN_SETTINGS = /^(PORT|HOST|PUBLIC_URL|DATA_DIR|MEDIA_DIR|DATABASE_URL|DATABASE_POOL_SIZE|REDIS_URL|REDIS_NAMESPACE|INTERNAL_SECRET|IDENTITY_URL|STATUSES_URL|MEDIA_URL|GATEWAY_URL|LOG_LEVEL|RATE_LIMIT.*)$/;

/**
 * Rate limits stay on (their Redis round trip is part of every request) with
 * buckets no benchmark reaches, as the end-to-end targets have them.
 */
const ROOMY_RATE_LIMITS = {
  RATE_LIMIT_API_PER_ACCOUNT: '100000000/300',
  RATE_LIMIT_API_PER_IP: '100000000/300',
  RATE_LIMIT_SIGN_UP: '100000/1800',
  RATE_LIMIT_MEDIA_UPLOADS: '100000/1800',
  RATE_LIMIT_DELETIONS: '100000000/1800',
  RATE_LIMIT_SIGN_IN_PER_IP: '100000/300',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100000/3600',
};

function environment(settings) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!OWN_SETTINGS.test(key)) env[key] = value;
  return { ...env, ...ROOMY_RATE_LIMITS, LOG_LEVEL: 'warn', ...settings };
}

async function waitForHealth(baseUrl, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${baseUrl}: process exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${baseUrl} did not become healthy`);
}

function launch(role, port, env, nodeArgs = [], root = SERVER_ROOT, serverNodeFlags = SERVER_NODE_FLAGS) {
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeArgs, path.join(root, 'server/dist/main.js'), role], { env: environment({ ...env, PORT: String(port), HOST: '127.0.0.1' }), stdio: ['ignore', 'inherit', 'inherit'] });
  return { role, child, url: `http://127.0.0.1:${port}` };
}

async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function migrate(databaseUrl, root) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(root, 'packages/db/dist/cli/migrate.js'), 'deploy'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } }, (error, stdout, stderr) =>
      error ? reject(new Error(`migration failed: ${stdout}${stderr}`)) : resolve());
  });
}

/** The node flags a checkout's build ships with (its bench/servers.js says; none before they were set there). */
function shippedNodeFlags(root) {
  try {
    return require(path.join(root, 'bench/servers.js')).SERVER_NODE_FLAGS ?? [];
  } catch {
    return [];
  }
}

/**
 * The server in one of its modes on a fresh database: `single` (one process,
 * PostgreSQL and Redis), `multi` (identity, statuses, media, gateway and
 * facade processes), `embedded` (one process on PGlite in a fresh folder).
 * `nodeArgs` go to every process (e.g. --cpu-prof); `root` is the checkout
 * whose build runs (default BENCH_SERVER_ROOT, else this one). Resolves once
 * every process answers /health, with how long the start took.
 */
async function startServer(mode, { nodeArgs = [], env = {}, root = SERVER_ROOT, serverNodeFlags = shippedNodeFlags(root) } = {}) {
  if (!MODES.includes(mode)) throw new Error(`unknown mode ${mode}; modes: ${MODES.join(', ')}`);
  const tempDir = await mkdtemp(path.join(os.tmpdir(), `social-bench-${mode}-`));
  const folders = { DATA_DIR: path.join(tempDir, 'data'), MEDIA_DIR: path.join(tempDir, 'media') };
  const db = mode === 'embedded' ? null : await createDatabase();
  const backends = db ? { DATABASE_URL: db.url, REDIS_URL, REDIS_NAMESPACE: `social_bench_${randomBytes(4).toString('hex')}` } : {};
  const processes = [];
  const started = Date.now();
  let baseUrl;
  try {
    if (mode === 'multi') {
      await migrate(db.url, root);
      const [identityPort, statusesPort, mediaPort, gatewayPort, facadePort] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
      baseUrl = `http://127.0.0.1:${facadePort}`;
      const common = { ...folders, ...backends, ...env, INTERNAL_SECRET: randomBytes(32).toString('base64url'), PUBLIC_URL: baseUrl };
      const subgraphs = [launch('identity', identityPort, common, nodeArgs, root, serverNodeFlags), launch('statuses', statusesPort, common, nodeArgs, root, serverNodeFlags), launch('media', mediaPort, common, nodeArgs, root, serverNodeFlags)];
      processes.push(...subgraphs);
      await Promise.all(subgraphs.map((p) => waitForHealth(p.url, p.child)));
      const gateway = launch('gateway', gatewayPort, { ...common, IDENTITY_URL: subgraphs[0].url, STATUSES_URL: subgraphs[1].url, MEDIA_URL: subgraphs[2].url }, nodeArgs, root, serverNodeFlags);
      processes.push(gateway);
      await waitForHealth(gateway.url, gateway.child);
      const facade = launch('facade', facadePort, { ...common, GATEWAY_URL: `${gateway.url}/graphql`, MEDIA_URL: subgraphs[2].url }, nodeArgs, root, serverNodeFlags);
      processes.push(facade);
      await waitForHealth(facade.url, facade.child);
    } else {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      const one = launch('all', port, { ...folders, ...backends, ...env, PUBLIC_URL: baseUrl }, nodeArgs, root, serverNodeFlags);
      processes.push(one);
      await waitForHealth(one.url, one.child);
    }
  } catch (error) {
    await Promise.all(processes.map((p) => stopProcess(p.child)));
    if (db) await db.drop();
    throw error;
  }
  return {
    mode,
    baseUrl,
    databaseUrl: db?.url ?? null,
    startMs: Date.now() - started,
    pids: processes.map((p) => p.child.pid),
    processes: processes.map((p) => ({ role: p.role, pid: p.child.pid })),
    async stop() {
      await Promise.all(processes.map((p) => stopProcess(p.child)));
      if (db) await db.drop();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

/** The bare node:http + pg reference (reference-server.js) on an existing database. */
async function startReference(databaseUrl, publicUrl, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const child = fork(path.join(__dirname, 'reference-server.js'), [], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), PUBLIC_URL: publicUrl },
    execArgv: nodeArgs,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pids: [child.pid], stop: () => stopProcess(child) };
}

function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the summed RSS of the processes every 100 ms; stop() gives the peak in bytes. */
function sampleRss(pids) {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, pids.reduce((sum, pid) => sum + rssBytes(pid), 0));
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

module.exports = { MODES, SERVER_ROOT, SERVER_NODE_FLAGS, startServer, startReference, sampleRss, stopProcess };
