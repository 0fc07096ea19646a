#!/usr/bin/env node
// Validates the responses the end-to-end suite recorded (one JSON object a
// line, test/support/record-responses.ts) against the OpenAPI document of the
// route table. test/run-targets.js runs it after each target; exits 1 on a
// violation, listing each.
import { readFileSync } from 'node:fs';
import { routes } from '../routes/index.js';
import { buildOpenApiDocument } from './document.js';
import { ResponseValidator, type RecordedResponse } from './validate.js';

export function readRecorded(file: string): RecordedResponse[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedResponse);
}

/** Validates a recording and prints the outcome; resolves to the exit code (1 on any violation). */
export function checkRecordedResponses(file: string, out: Pick<NodeJS.WriteStream, 'write'> = process.stdout, err: Pick<NodeJS.WriteStream, 'write'> = process.stderr): number {
  const report = new ResponseValidator(buildOpenApiDocument(routes)).validateAll(readRecorded(file));
  for (const violation of report.violations) {
    err.write(`  ${violation.operation} -> ${violation.status} (${violation.path}): ${violation.problems.join('; ')}\n`);
  }
  out.write(
    `openapi: ${report.checked} responses checked (${report.covered.length} operation/status pairs), ` +
      `${report.unmatched} outside the document, ${report.violations.length} violation(s)\n`,
  );
  return report.violations.length > 0 ? 1 : 0;
}

function main(file: string | undefined): number {
  if (!file) {
    process.stderr.write('usage: check-responses <recorded.jsonl>\n');
    return 2;
  }
  return checkRecordedResponses(file);
}

if (require.main === module) process.exitCode = main(process.argv[2]);
