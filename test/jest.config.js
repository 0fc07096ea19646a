// End-to-end suite: one real server (E2E_TARGET: embedded, single or multi),
// started once by globalSetup, every *.e2e.test.ts run in band against it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const preset = require('../jest.preset.js');

const target = process.env.E2E_TARGET || 'embedded';

/** Every end-to-end file under this folder. */
function e2eFiles(folder = __dirname) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return e2eFiles(file);
    return entry.name.endsWith('.e2e.test.ts') ? [file] : [];
  });
}

/**
 * The single target (one process on PostgreSQL and Redis) runs only the files with something of their
 * own there: a block gated to it (describeOnSingleTarget, describeOnTargets(..., 'single', ...)), most
 * of them tests that start their own processes. Every other file runs on embedded (one process,
 * PGlite and memory) and multi (the split deployment on PostgreSQL and Redis), which between them
 * cover both process layouts and both backends; on single it would repeat them (test/support/targets.ts).
 */
function singleTargetFiles() {
  return e2eFiles().filter((file) => /describeOnSingleTarget|'single'/.test(fs.readFileSync(file, 'utf8')));
}

module.exports = {
  ...preset,
  rootDir: __dirname,
  displayName: `e2e:${target}`,
  testMatch: target === 'single' ? singleTargetFiles() : ['<rootDir>/**/*.e2e.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  // E2E_RESPONSE_LOG set (test/run-targets.js): every answer is recorded for the OpenAPI check.
  setupFiles: ['<rootDir>/support/record-responses.ts'],
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 1,
};
