#!/usr/bin/env node
// Runs the end-to-end suite once per target: embedded (PGlite), single
// (PostgreSQL + Redis, one process), multi (five processes); single beside
// the other two (see lanesOf), E2E_LANES=1 for one after the other.
//
//   node test/run-targets.js                 all three
//   node test/run-targets.js multi           only the named ones (or E2E_TARGETS="embedded single")
//   node test/run-targets.js embedded -- -t "POST /oauth/token"    extra arguments after -- go to jest
//
// Prints the counts per target, then, as its very last line, `N passed, N failed`
// over all targets; exits non-zero if anything failed. E2E_REPORT_DIR=dir keeps the
// jest reports (with each suite's time) there instead of a deleted temporary folder.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ALL_TARGETS = ['embedded', 'single', 'multi'];
const ROOT = path.resolve(__dirname, '..');
const JEST = require.resolve('jest/bin/jest', { paths: [ROOT] });

function parseArguments(argv) {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const jestArgs = separator === -1 ? [] : argv.slice(separator + 1);
  const named = own.length > 0 ? own : (process.env.E2E_TARGETS || '').split(/[\s,]+/).filter(Boolean);
  const unknown = named.filter((name) => !ALL_TARGETS.includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown target(s): ${unknown.join(', ')}. Targets: ${ALL_TARGETS.join(', ')}`);
    process.exit(2);
  }
  const targets = named.length > 0 ? ALL_TARGETS.filter((name) => named.includes(name)) : ALL_TARGETS;
  return { targets, jestArgs };
}

/** Jest's --json report, or null when jest wrote none (for example a failed globalSetup). */
function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Validates the answers the suite recorded against the OpenAPI document (counted as one test):
 * true passed, false failed, null nothing recorded.
 */
function checkResponses(responseLog) {
  if (!fs.existsSync(responseLog)) return null;
  const check = spawnSync(process.execPath, [path.join(ROOT, 'rest-facade/dist/openapi/check-responses.js'), responseLog], { cwd: ROOT, stdio: 'inherit' });
  return check.status === 0;
}

/** Runs jest for one target; its output goes to `log` (printed whole when the target ends, so lanes do not interleave). */
function runJest(target, jestArgs, outputFile, responseLog, log) {
  return new Promise((resolve) => {
    const output = fs.openSync(log, 'w');
    const child = spawn(
      process.execPath,
      [JEST, '--config', path.join(__dirname, 'jest.config.js'), '--runInBand', '--json', `--outputFile=${outputFile}`, ...jestArgs],
      { cwd: ROOT, stdio: ['ignore', output, output], env: { ...process.env, E2E_TARGET: target, E2E_RESPONSE_LOG: responseLog } },
    );
    child.on('close', (code, signal) => {
      fs.closeSync(output);
      resolve({ status: code, signal });
    });
  });
}

/** The suites that took longest on this target, so a slow CI run says where its time went. */
function printSlowestSuites(target, report, count = 12) {
  const suites = (report.testResults ?? [])
    .map((suite) => ({ file: path.relative(__dirname, suite.name), seconds: ((suite.endTime ?? 0) - (suite.startTime ?? 0)) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  const total = suites.reduce((sum, suite) => sum + suite.seconds, 0);
  console.log(`slowest suites on ${target} (${total.toFixed(0)} s in ${suites.length} suites):`);
  for (const suite of suites.slice(0, count)) console.log(`  ${suite.seconds.toFixed(1).padStart(7)} s  ${suite.file}`);
}

async function runTarget(target, jestArgs, outputDir) {
  const outputFile = path.join(outputDir, `jest-${target}.json`);
  const responseLog = path.join(outputDir, `responses-${target}.jsonl`);
  const log = path.join(outputDir, `output-${target}.log`);
  const started = Date.now();
  const result = await runJest(target, jestArgs, outputFile, responseLog, log);
  console.log(`\n=== e2e: ${target} ===`);
  process.stdout.write(fs.readFileSync(log, 'utf8'));
  const openApi = checkResponses(responseLog);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const report = readReport(outputFile);
  if (!report) {
    return { target, passed: 0, failed: 1, seconds, note: `jest wrote no report (exit ${result.status ?? result.signal}); counted as 1 failure` };
  }
  printSlowestSuites(target, report);
  const passed = report.numPassedTests + (openApi === true ? 1 : 0);
  // Suites that could not run (a syntax error, a throwing beforeAll) hold no failed test: count each once.
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites + (openApi === false ? 1 : 0);
  const exitFailed = result.status !== 0 && failed === 0;
  return {
    target,
    passed,
    failed: exitFailed ? 1 : failed,
    seconds,
    note: exitFailed ? `jest exited ${result.status ?? result.signal} with no failed test; counted as 1 failure` : '',
  };
}

/**
 * The targets in lanes run side by side: each target has its own server, database and Redis
 * namespace, and one lane's tests mostly wait on the network while the other's run, so two
 * lanes use both cores. `single` (it holds the tests that start their own processes) runs alone in
 * one lane, the others one after the other in the second. E2E_LANES=1 runs everything in sequence.
 */
function lanesOf(targets) {
  const lanes = Number(process.env.E2E_LANES ?? 2);
  if (lanes <= 1 || targets.length < 2) return [targets];
  const alone = targets.includes('single') ? ['single'] : [targets[0]];
  return [alone, targets.filter((target) => !alone.includes(target))];
}

async function main() {
  const { targets, jestArgs } = parseArguments(process.argv.slice(2));
  // E2E_REPORT_DIR keeps jest's reports, the server logs and the recorded answers for a look afterwards.
  const keep = process.env.E2E_REPORT_DIR;
  const outputDir = keep ? (fs.mkdirSync(keep, { recursive: true }), keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'social-e2e-reports-'));
  const results = [];
  try {
    await Promise.all(
      lanesOf(targets).map(async (lane) => {
        for (const target of lane) results.push(await runTarget(target, jestArgs, outputDir));
      }),
    );
  } finally {
    if (!keep) fs.rmSync(outputDir, { recursive: true, force: true });
  }
  results.sort((a, b) => targets.indexOf(a.target) - targets.indexOf(b.target));
  console.log('\n=== e2e results ===');
  for (const r of results) {
    console.log(`${r.target.padEnd(9)} ${r.passed} passed, ${r.failed} failed (${r.seconds} s)${r.note ? `  ${r.note}` : ''}`);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
