// The client side of the streaming benchmark, in its own process: opens SSE and WebSocket
// connections to one stream and reports, for each marker the parent announces, when each
// connection received it. Driven over IPC by streaming.js.
'use strict';
const http = require('node:http');
const WebSocket = require('ws');

const { baseUrl, path, wsQuery, tokens } = JSON.parse(process.argv[2]);
const connections = [];
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
let watching = null;
let opened = 0;
/** Connections take the tokens in turn (none: anonymous). */
const nextToken = () => (tokens.length > 0 ? tokens[opened++ % tokens.length] : null);

function received(connection, text) {
  if (!watching || connection.seen === watching.marker || !text.includes(watching.marker)) return;
  connection.seen = watching.marker;
  watching.times.push(Date.now());
  if (watching.times.length === connections.length) finish();
}

function finish() {
  if (!watching) return;
  clearTimeout(watching.timer);
  process.send({ type: 'delivered', marker: watching.marker, times: watching.times });
  watching = null;
}

function openSse() {
  return new Promise((resolve, reject) => {
    const token = nextToken();
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const request = http.get(`${baseUrl}${path}`, { agent, headers }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`SSE ${response.statusCode}`));
      const connection = { kind: 'sse', seen: null, close: () => request.destroy() };
      connections.push(connection);
      response.setEncoding('utf8');
      response.on('data', (chunk) => received(connection, chunk));
      response.once('data', () => resolve());
      response.on('error', () => {});
    });
    request.on('error', reject);
  });
}

function openWebSocket() {
  return new Promise((resolve, reject) => {
    const token = nextToken();
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1/streaming?${wsQuery}`, token ? [token] : []);
    const connection = { kind: 'ws', seen: null, close: () => socket.terminate() };
    socket.on('open', () => {
      connections.push(connection);
      resolve();
    });
    socket.on('message', (data) => received(connection, data.toString()));
    socket.on('error', reject);
  });
}

/** Opens `count` connections, `parallel` at a time. */
async function openMany(count, open, parallel = 50) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        next += 1;
        await open();
      }
    }),
  );
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    try {
      await openMany(message.sse, openSse);
      await openMany(message.websocket, openWebSocket);
      process.send({ type: 'opened', count: connections.length });
    } catch (error) {
      process.send({ type: 'failed', error: String(error) });
    }
  } else if (message.type === 'watch') {
    watching = { marker: message.marker, times: [], timer: setTimeout(finish, message.timeoutMs) };
  } else if (message.type === 'close') {
    for (const connection of connections) connection.close();
    process.exit(0);
  }
});
