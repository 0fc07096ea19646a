#!/usr/bin/env node
// npm run bench:cold-start: `npm start` (embedded, PGlite) from the command
// to the first 200 of GET /api/v1/instance, with a fresh DATA_DIR (PGlite's
// initdb and every migration) and again on the folder it left (a restart).
// RUNS=3 by default. The build is run once first, so its cache is warm, as
// it is for anyone who has started the server before.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { mkdtemp, rm } = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { ROOT, freePort } = require('./lib.js');

const RUNS = Number(process.env.RUNS || 3);

async function startOnce(dataDir) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'MEDIA_DIR']) delete env[key];
  const started = process.hrtime.bigint();
  const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/instance`);
        if (res.status === 200) return Number(process.hrtime.bigint() - started) / 1e6;
      } catch {}
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

async function main() {
  spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  for (let run = 1; run <= RUNS; run++) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'social-cold-start-'));
    try {
      const fresh = await startOnce(path.join(dir, 'data'));
      const restart = await startOnce(path.join(dir, 'data'));
      console.log(`run ${run}: fresh data folder ${Math.round(fresh)} ms, restart ${Math.round(restart)} ms`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
