// What `npm start` compares to decide whether to build: a digest of the
// path, size and modification time of every build input (each workspace's
// src/, package.json, tsconfig.json and turbo.json; the root's build
// settings, lockfile and prisma folder) and of every build output (dist/).
// Stat only, no reading: ~2,000 inputs and ~3,000 outputs take ~30 ms.
'use strict';
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'turbo.json', 'prisma'];
const WORKSPACE_INPUTS = ['package.json', 'tsconfig.json', 'turbo.json', 'src'];
const STATE_FILE = 'build-state.json';

/** The workspace folders that have a build script (root package.json "workspaces": "dir" or "dir/*"). */
function builtWorkspaces(root) {
  const patterns = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces ?? [];
  const dirs = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      let names = [];
      try {
        names = fs.readdirSync(path.join(root, parent)).sort();
      } catch {}
      for (const name of names) dirs.push(path.join(parent, name));
    } else {
      dirs.push(pattern);
    }
  }
  return dirs.filter((dir) => {
    try {
      return Boolean(JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).scripts?.build);
    } catch {
      return false;
    }
  });
}

// The PGlite template's data files (packages/db/dist/pglite-template/pgdata, ~1,100 files): its manifest stands for them.
const UNWALKED = new Set(['pgdata']);

/** Adds `relative` (a file, or a folder walked whole) to the digest; a missing path counts as missing. */
function addTree(hash, root, relative) {
  let stat;
  try {
    stat = fs.statSync(path.join(root, relative));
  } catch {
    hash.update(`${relative}\t-\n`);
    return;
  }
  if (!stat.isDirectory()) {
    hash.update(`${relative}\t${stat.size}\t${stat.mtimeMs}\n`);
    return;
  }
  const entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (entry.isDirectory() && UNWALKED.has(entry.name)) continue;
    addTree(hash, root, path.join(relative, entry.name));
  }
}

function snapshotBuildInputs(root) {
  const hash = createHash('sha1');
  for (const file of ROOT_INPUTS) addTree(hash, root, file);
  for (const dir of builtWorkspaces(root)) for (const file of WORKSPACE_INPUTS) addTree(hash, root, path.join(dir, file));
  return hash.digest('hex');
}

function snapshotBuildOutputs(root) {
  const hash = createHash('sha1');
  for (const dir of builtWorkspaces(root)) addTree(hash, root, path.join(dir, 'dist'));
  return hash.digest('hex');
}

function readBuildState(cacheDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(cacheDir, STATE_FILE), 'utf8'));
  } catch {
    return null;
  }
}

function writeBuildState(cacheDir, state) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const temporary = path.join(cacheDir, `${STATE_FILE}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, JSON.stringify(state));
  fs.renameSync(temporary, path.join(cacheDir, STATE_FILE));
}

module.exports = { snapshotBuildInputs, snapshotBuildOutputs, readBuildState, writeBuildState };
