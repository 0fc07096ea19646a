#!/usr/bin/env node
// Runs `prisma generate` without Prisma's engine download (which cannot work
// offline): generation itself is WebAssembly, and the CLI only checks that a
// schema-engine binary path exists, so a stand-in executable satisfies it.
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || path.join(__dirname, 'schema-engine-stand-in.sh'),
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
const prismaCli = require.resolve('prisma/build/index.js', { paths: [root] });
const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', path.join(root, 'prisma/schema.prisma')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
