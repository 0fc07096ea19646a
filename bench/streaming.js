#!/usr/bin/env node
// Streaming delivery: one server process (single-process mode, PostgreSQL and Redis) holding N
// connections to one stream, half SSE and half WebSocket, opened by a separate client process on
// loopback. Each round posts one status and measures, per connection, the time from just before
// the POST to the event's arrival; memory per connection is the server's RSS growth over N, and
// the server's CPU time per delivery is its CPU while the rounds ran over the events delivered.
//
//   N=1000 node bench/streaming.js                     public stream, anonymous (one upstream subscription)
//   N=1000 USERS=100 STREAM=user node bench/streaming.js   home streams of 100 followers of the poster,
//                                                     connections spread over them (one upstream per user)
//   ROUNDS=10 (default 5), TIMEOUT_MS per round (default 10000)
//   BENCH_URL=http://127.0.0.1:3000 SERVER_PID=1234   against a server already running (to profile it)
//   CLIENT_PROCESSES=2 (default): processes the connections are spread over
'use strict';
const { fork } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { cpuSeconds, startSingleProcess } = require('./lib.js');

const N = Number(process.env.N || 1000);
const ROUNDS = Number(process.env.ROUNDS || 5);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS || 10_000);
const STREAM = process.env.STREAM || 'public';
const USERS = Number(process.env.USERS || 100);
/** Client processes sharing the connections (the receiving side needs CPU too). */
const CLIENTS = Number(process.env.CLIENT_PROCESSES || 2);

const form = (fields) => new URLSearchParams(fields);

async function json(response) {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** A user (app, app token, sign-up); returns the user token. */
async function signUp(baseUrl, username) {
  const app = await json(await fetch(`${baseUrl}/api/v1/apps`, { method: 'POST', body: form({ client_name: 'bench', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read write follow' }) }));
  const appToken = await json(await fetch(`${baseUrl}/oauth/token`, { method: 'POST', body: form({ grant_type: 'client_credentials', client_id: app.client_id, client_secret: app.client_secret, scope: 'read write follow' }) }));
  const user = await json(await fetch(`${baseUrl}/api/v1/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${appToken.access_token}` },
    body: form({ username, email: `${username}@example.com`, password: 'benchmark-password', agreement: 'true' }),
  }));
  return user.access_token;
}

function rssKiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const WARM_UP_CONNECTIONS = 50;

/** Posts a status naming a fresh marker and waits until the `count` connections have it (or the round times out). */
async function deliver(server, clients, poster) {
  const marker = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const watching = Promise.all(clients.map((client) => request(client, { type: 'watch', marker, timeoutMs: TIMEOUT_MS }, 'delivered')));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const sent = Date.now();
  await json(await fetch(`${server.baseUrl}/api/v1/statuses`, { method: 'POST', headers: { authorization: `Bearer ${poster}` }, body: form({ status: marker }) }));
  const posted = Date.now() - sent;
  const times = (await watching).flatMap((answer) => answer.times);
  return { times, sent, posted };
}

/** Opens `sse` and `websocket` connections, spread over the client processes; resolves to how many are open in all. */
async function openConnections(clients, sse, websocket) {
  const share = (total, i) => Math.floor(total / clients.length) + (i < total % clients.length ? 1 : 0);
  const answers = await Promise.all(clients.map((client, i) => request(client, { type: 'open', sse: share(sse, i), websocket: share(websocket, i) }, 'opened')));
  return answers.reduce((sum, answer) => sum + answer.count, 0);
}

function request(child, message, reply) {
  return new Promise((resolve, reject) => {
    const onMessage = (answer) => {
      if (answer.type === 'failed') reject(new Error(answer.error));
      else if (answer.type === reply) {
        child.off('message', onMessage);
        resolve(answer);
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

async function main() {
  // The server inherits these: no rate limits in the way of sign-ups, and a Redis key space of its own.
  process.env.RATE_LIMITS_ENABLED = 'false';
  process.env.REDIS_NAMESPACE = `bench_${randomBytes(4).toString('hex')}`;
  const server = process.env.BENCH_URL
    ? { baseUrl: process.env.BENCH_URL, pid: Number(process.env.SERVER_PID), stop: async () => {} }
    : await startSingleProcess();
  let clients;
  try {
    const run = randomBytes(3).toString('hex');
    const poster = await signUp(server.baseUrl, `poster_${run}`);
    const tokens = [];
    if (STREAM === 'user') {
      // Each reader follows the poster; its connections share its home stream (one upstream subscription per user).
      const me = await json(await fetch(`${server.baseUrl}/api/v1/accounts/verify_credentials`, { headers: { authorization: `Bearer ${poster}` } }));
      for (let i = 0; i < USERS; i++) {
        const token = await signUp(server.baseUrl, `reader${i}_${run}`);
        await json(await fetch(`${server.baseUrl}/api/v1/accounts/${me.id}/follow`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }));
        tokens.push(token);
      }
    }
    const sse = Math.ceil(N / 2);
    const config = { baseUrl: server.baseUrl, path: `/api/v1/streaming/${STREAM}`, wsQuery: `stream=${STREAM}`, tokens };
    clients = Array.from({ length: CLIENTS }, () =>
      fork(path.join(__dirname, 'streaming-clients.js'), [JSON.stringify(config)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    // A few connections and one delivery first, so that what the first event loads and compiles is not counted per connection.
    const first = Math.min(WARM_UP_CONNECTIONS, Math.floor(N / 2));
    await openConnections(clients, first, first);
    await deliver(server, clients, poster);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = rssKiB(server.pid);
    const opening = Date.now();
    const count = await openConnections(clients, sse - first, N - sse - first);
    const openSeconds = (Date.now() - opening) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = rssKiB(server.pid);

    const latencies = [];
    const posts = [];
    let missed = 0;
    // The server's CPU while the rounds deliver (the POST included; the pauses between rounds not).
    let deliveringCpu = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const cpuBefore = cpuSeconds([server.pid]);
      const { times, sent, posted } = await deliver(server, clients, poster);
      deliveringCpu += cpuSeconds([server.pid]) - cpuBefore;
      latencies.push(...times.map((time) => time - sent));
      posts.push(posted);
      missed += count - times.length;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    latencies.sort((a, b) => a - b);
    posts.sort((a, b) => a - b);
    const who = STREAM === 'user' ? `, ${USERS} users` : ', anonymous';
    console.log(`streaming ${STREAM}${who}, ${count} connections (${sse} SSE, ${N - sse} WebSocket), single process on PostgreSQL and Redis, ${ROUNDS} rounds`);
    console.log(
      `delivered ${latencies.length}/${latencies.length + missed}  p50 ${percentile(latencies, 50)} ms  p99 ${percentile(latencies, 99)} ms  max ${latencies.at(-1)} ms` +
        `  (the POST itself: median ${percentile(posts, 50)} ms)  server CPU ${Math.round((deliveringCpu * 1e6) / Math.max(1, latencies.length))} µs per delivery  server RSS +${Math.round(((after - before) / (count - 2 * first)) * 10) / 10} KiB per connection (${Math.round(before / 1024)} -> ${Math.round(after / 1024)} MiB)  opened in ${openSeconds.toFixed(1)} s`,
    );
  } finally {
    for (const client of clients ?? []) client.send({ type: 'close' });
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
