#!/usr/bin/env node
/**
 * `npm run documents` (write) and `npm run documents:check` (check, part of
 * `npm run schema:check`): the REST facade's operations as the trusted
 * documents manifest gateway/trusted-documents/rest-facade.json, which a
 * gateway in trusted mode loads for the facade processes
 * (docs/graphql.md#trusted-documents). Check mode fails when the committed
 * manifest is stale or any committed manifest does not validate against
 * gateway/api-schema.graphql.
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FACADE_MANIFEST, ROOT, facadeManifest, manifestProblems } from './documents-manifest.js';

const mode = process.argv[2];
if (mode === 'write') {
  writeFileSync(path.join(ROOT, FACADE_MANIFEST), facadeManifest());
  console.log(`wrote ${FACADE_MANIFEST}`);
} else if (mode === 'check') {
  const problems = manifestProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log('trusted documents: up to date and valid');
} else {
  console.error('usage: documents.js write|check');
  process.exit(2);
}
