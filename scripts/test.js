#!/usr/bin/env node
// `npm test`: build, lint, type-check the tests, check the schemas, the OpenAPI document and migrations, run the workspaces'
// tests, then the end-to-end suite on every target. Ends with one line
// "N passed, N failed" over everything that ran.
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const totals = { passed: 0, failed: 0 };

function step(title, command, args, env = {}) {
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function finish(ok) {
  process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed\n`);
  process.exit(ok ? 0 : 1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The build type-checks every workspace it compiles; the tests are run through swc, which does not, hence their own step.
for (const [title, args] of [
  ['build', ['run', '--silent', 'build']],
  ['lint (ESLint, knip)', ['run', '--silent', 'lint']],
  ['type check of the tests', ['run', '--silent', 'typecheck', '-w', 'test']],
  ['schema check', ['run', '--silent', 'schema:check']],
  ['OpenAPI document check', ['run', '--silent', 'openapi:check']],
  ['migration check', ['run', '--silent', 'db:check']],
]) {
  if (!step(title, npm, args)) {
    totals.failed += 1;
    finish(false);
  }
}

const reports = mkdtempSync(path.join(os.tmpdir(), 'social-unit-'));
const unitReport = path.join(reports, 'unit.json');
const unitOk = step('unit and integration tests', process.execPath, [
  require.resolve('jest/bin/jest', { paths: [root] }),
  '--json', `--outputFile=${unitReport}`,
], { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() });
try {
  const report = JSON.parse(readFileSync(unitReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
} catch {
  totals.failed += 1;
}
rmSync(reports, { recursive: true, force: true });

process.stdout.write('\n== end-to-end tests (embedded, single, multi)\n');
const e2e = spawnSync(process.execPath, [path.join(root, 'test/run-targets.js')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
process.stdout.write(e2e.stdout ?? '');
const counted = /(\d+) passed, (\d+) failed\s*$/.exec(e2e.stdout ?? '');
if (counted) {
  totals.passed += Number(counted[1]);
  totals.failed += Number(counted[2]);
} else {
  totals.failed += 1;
}
finish(unitOk && e2e.status === 0);
