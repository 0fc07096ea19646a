#!/usr/bin/env node
// npm start [role]: builds when a build input changed since the last build
// this script saw succeed, then runs the server in this same process, with
// its modules loaded through module-cache.js.
//
// `npm run build` (turbo) decides by hashing every input, which takes ~0.7 s
// (and a second npm) even when nothing changed; here the question is first
// asked of the files' sizes and modification times (build-state.js), and
// turbo runs only when one of them moved, or a build output did.
'use strict';
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { statSync } = require('node:fs');
const path = require('node:path');
const { readBuildState, snapshotBuildInputs, snapshotBuildOutputs, writeBuildState } = require('./build-state.js');
const { enableModuleCache } = require('./module-cache.js');

const ROOT = path.resolve(__dirname, '..');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'social-start');

/** Builds unless nothing changed since the last build; returns the build outputs' snapshot. */
function buildIfChanged() {
  const inputs = snapshotBuildInputs(ROOT);
  const state = readBuildState(CACHE_DIR);
  const outputs = snapshotBuildOutputs(ROOT);
  if (state && state.inputs === inputs && state.outputs === outputs) return outputs;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The inputs as they were before the build: one edited during it is seen as a change next time.
  const built = { inputs, outputs: snapshotBuildOutputs(ROOT) };
  try {
    writeBuildState(CACHE_DIR, built);
  } catch {} // unwritable: the next start builds again, nothing worse
  return built.outputs;
}

/** Changes whenever what require() finds may have: installed packages, build outputs, Node and its flags. */
function resolutionKey(outputs) {
  const hash = createHash('sha1').update(`${outputs}\n${process.version}\n${process.execArgv.join(' ')}\n`);
  hash.update(`${process.env.NODE_OPTIONS ?? ''}\n${process.env.NODE_PATH ?? ''}\n`);
  for (const file of ['package-lock.json', 'node_modules', 'node_modules/.package-lock.json']) {
    try {
      const stat = statSync(path.join(ROOT, file));
      hash.update(`${file}\t${stat.size}\t${stat.mtimeMs}\n`);
    } catch {
      hash.update(`${file}\t-\n`);
    }
  }
  return hash.digest('hex');
}

const outputs = buildIfChanged();
enableModuleCache(CACHE_DIR, { resolutionKey: resolutionKey(outputs) });
require('../server/dist/main.js');
