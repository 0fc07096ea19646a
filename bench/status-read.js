#!/usr/bin/env node
// GET /api/v1/statuses/:id in the single-process mode on PostgreSQL:
// autocannon, 10 connections, 3 s warm-up then 10 s. Prints req/s and latency.
'use strict';
const { load, seed } = require('./lib.js');
const { startServer } = require('./servers.js');

async function main() {
  const connections = Number(process.env.CONNECTIONS || 10);
  const server = await startServer('single');
  try {
    const { statusId } = await seed(server.baseUrl);
    const url = `${server.baseUrl}/api/v1/statuses/${statusId}`;
    await load({ url, connections, duration: 3 });
    const result = await load({ url, connections, duration: 10 });
    const errors = result.non2xx + result.errors;
    console.log(`GET /api/v1/statuses/:id  single-process PostgreSQL  ${connections} connections, 10 s`);
    console.log(`req/s ${Math.round(result.requests.average)}  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${errors}`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
