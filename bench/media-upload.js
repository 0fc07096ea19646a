#!/usr/bin/env node
// POST /api/v2/media of a 12-megapixel JPEG (4000x3000, photo-like noise, ~4.6 MB) on the
// one-process server on PostgreSQL: time to 202 and time to ready (GET /api/v1/media/:id
// polled every 10 ms until 200), one upload at a time; then uploads per second with 4
// concurrent clients (202s per second while they upload, and processed per second until
// the queue has drained). Rate limits off; JOB_CONCURRENCY as set (default 2).
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const sharp = require('sharp');
const { seed, startSingleProcess } = require('./lib.js');

const SEQUENTIAL = Number(process.env.UPLOADS || 15);
const CLIENTS = Number(process.env.CLIENTS || 4);
const SECONDS = Number(process.env.SECONDS || 20);

async function photo() {
  const width = 4000;
  const height = 3000;
  // Slightly blurred noise: the entropy, and so the JPEG size (~4.6 MB), of a camera picture.
  const base = sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 150 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } });
  return base.blur(0.6).jpeg({ quality: 90 }).withExif({ IFD0: { Make: 'Bench Camera' } }).toBuffer();
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function uploadOnce(baseUrl, token, data) {
  const form = new FormData();
  form.append('file', new Blob([data], { type: 'image/jpeg' }), 'blob');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v2/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await response.json();
  if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
  return { id: body.id, started, accepted: performance.now() };
}

async function waitReady(baseUrl, token, id, pollMs = 10) {
  for (;;) {
    const response = await fetch(`${baseUrl}/api/v1/media/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (response.status === 200) return performance.now();
    if (response.status !== 206) throw new Error(`GET answered ${response.status}: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

async function main() {
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'bench-media-'));
  const data = await photo();
  const meta = await sharp(data).metadata();
  const server = await startSingleProcess({ MEDIA_DIR: mediaDir, RATE_LIMITS_ENABLED: 'false' });
  try {
    const { userToken } = await seed(server.baseUrl);
    console.log(`POST /api/v2/media  ${meta.width}x${meta.height} JPEG, ${(data.length / 1024 / 1024).toFixed(1)} MB  single process, PostgreSQL, JOB_CONCURRENCY=${process.env.JOB_CONCURRENCY || 2}`);

    for (let i = 0; i < 2; i++) await waitReady(server.baseUrl, userToken, (await uploadOnce(server.baseUrl, userToken, data)).id); // warm-up
    const toAccepted = [];
    const toReady = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const upload = await uploadOnce(server.baseUrl, userToken, data);
      const ready = await waitReady(server.baseUrl, userToken, upload.id);
      toAccepted.push(upload.accepted - upload.started);
      toReady.push(ready - upload.started);
    }
    const ms = (value) => `${Math.round(value)} ms`;
    console.log(`one at a time (${SEQUENTIAL}): time to 202 p50 ${ms(quantile(toAccepted, 0.5))} p90 ${ms(quantile(toAccepted, 0.9))}; time to ready p50 ${ms(quantile(toReady, 0.5))} p90 ${ms(quantile(toReady, 0.9))}`);

    const ids = [];
    const accepted = [];
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          const upload = await uploadOnce(server.baseUrl, userToken, data);
          ids.push(upload.id);
          accepted.push(upload.accepted - upload.started);
        }
      }),
    );
    const uploading = (performance.now() - started) / 1000;
    await Promise.all(ids.map((id) => waitReady(server.baseUrl, userToken, id, 100)));
    const drained = (performance.now() - started) / 1000;
    console.log(
      `${CLIENTS} clients, ${SECONDS} s: ${ids.length} uploads; ${(ids.length / uploading).toFixed(2)} accepted/s (time to 202 p50 ${ms(quantile(accepted, 0.5))} p90 ${ms(quantile(accepted, 0.9))}); ` +
        `all ready after ${drained.toFixed(1)} s: ${(ids.length / drained).toFixed(2)} processed/s`,
    );
  } finally {
    await server.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
