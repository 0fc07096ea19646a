#!/usr/bin/env node
// npm run bench:cold-start: `npm start` (embedded, PGlite) from the command
// to the first 200 of GET /api/v1/instance, with a fresh DATA_DIR (a copy of
// the build's migrated PGlite template, or PGlite's initdb and every
// migration without one) and again on the folder it left (a restart).
// RUNS=3 by default. The build is run once first, so its cache is warm, as
// it is for anyone who has started the server before.
//
// Besides the wall time it reports CPU time up to the first 200, which the
// machine's other load inflates less: the server process's own (all its
// threads, and its main thread alone, where start-up waits: the others
// compile and collect garbage beside it), and that of everything `npm start`
// ran (npm, the build check, the server).
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');
const { mkdtemp, rm } = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { ROOT, freePort } = require('./lib.js');

const RUNS = Number(process.env.RUNS || 3);
const TICK_MS = 1000 / 100; // USER_HZ, 100 on Linux

/** The fields of a /proc/.../stat file after the command name. */
function statFields(file) {
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** pid -> { pgrp, cpuMs (its own), childrenCpuMs (of its children that have exited), command }, from /proc. */
function processes() {
  const found = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(`/proc/${entry}/stat`);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      found.set(Number(entry), {
        pgrp: Number(fields[2]),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
        childrenCpuMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
        command,
      });
    } catch {} // gone meanwhile
  }
  return found;
}

/** CPU time of the process group `npm start` leads: all of it, the server process's own, and its main thread's. */
function cpuOf(group) {
  let total = 0;
  let server = 0;
  let serverMain = 0;
  for (const [pid, p] of processes()) {
    if (p.pgrp !== group) continue;
    total += p.cpuMs + p.childrenCpuMs;
    if (/server\/dist\/main\.js|scripts\/start\.js/.test(p.command)) {
      server = p.cpuMs;
      const fields = statFields(`/proc/${pid}/task/${pid}/stat`);
      serverMain = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    }
  }
  return { total, server, serverMain };
}

async function startOnce(dataDir) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'MEDIA_DIR']) delete env[key];
  const started = process.hrtime.bigint();
  const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/instance`);
        if (res.status === 200) return { ms: Number(process.hrtime.bigint() - started) / 1e6, cpu: cpuOf(child.pid) };
      } catch {}
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {} // the group is gone already (npm start failed)
    await exited;
  }
}

const format = ({ ms, cpu }) =>
  `${Math.round(ms)} ms (CPU: server ${Math.round(cpu.server)} ms, its main thread ${Math.round(cpu.serverMain)} ms, all ${Math.round(cpu.total)} ms)`;

async function main() {
  spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  for (let run = 1; run <= RUNS; run++) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'social-cold-start-'));
    try {
      const fresh = await startOnce(path.join(dir, 'data'));
      const restart = await startOnce(path.join(dir, 'data'));
      console.log(`run ${run}: fresh data folder ${format(fresh)}; restart ${format(restart)}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
