// Shared pieces of the benchmarks: start the server in a mode, seed it, load it.
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { Client } = require('pg');
const autocannon = require('autocannon');

const ROOT = path.resolve(__dirname, '..');
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function createDatabase() {
  const name = `social_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function waitForHealth(baseUrl, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

/** The one-process server on PostgreSQL and Redis; `env` adds settings. */
async function startSingleProcess(env = {}) {
  const db = await createDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js'), 'all'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATABASE_URL: db.url, REDIS_URL, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await db.drop();
    },
  };
}

async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** An app, a user and one public status; returns the user token and the status id. */
async function seed(baseUrl) {
  const form = (obj) => new URLSearchParams(obj);
  const app = await json(await fetch(`${baseUrl}/api/v1/apps`, { method: 'POST', body: form({ client_name: 'bench', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read write' }) }));
  const appToken = await json(await fetch(`${baseUrl}/oauth/token`, { method: 'POST', body: form({ grant_type: 'client_credentials', client_id: app.client_id, client_secret: app.client_secret, scope: 'read write' }) }));
  const user = await json(await fetch(`${baseUrl}/api/v1/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${appToken.access_token}` },
    body: form({ username: 'bench', email: 'bench@example.com', password: 'benchmark-password', agreement: 'true' }),
  }));
  const status = await json(await fetch(`${baseUrl}/api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.access_token}` },
    body: form({ status: 'Benchmark status with a link https://example.com/page and a #tag' }),
  }));
  return { userToken: user.access_token, statusId: status.id };
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** CPU seconds (user + system) the processes have used so far. */
function cpuSeconds(pids) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  }, 0);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

module.exports = { ROOT, freePort, createDatabase, startSingleProcess, seed, load, cpuSeconds, median };
