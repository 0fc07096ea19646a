#!/usr/bin/env node
/**
 * `npm run codegen` (codegen): the facade's `.graphql` files as the generated
 * module rest-facade/src/gql/operations.ts (docs/graphql-codegen.md#the-facades-own-operations).
 * `npm run documents` (write) and `npm run documents:check` (check, part of
 * `npm run schema:check`): the REST facade's operations as the trusted
 * documents manifest gateway/trusted-documents/rest-facade.json, which a
 * gateway in trusted mode loads for the facade processes
 * (docs/graphql.md#trusted-documents). Check mode fails when the committed
 * manifest or the generated module is stale, or any committed manifest does
 * not validate against gateway/api-schema.graphql.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FACADE_MANIFEST, ROOT, facadeManifest, manifestProblems } from './documents-manifest.js';
import { FACADE_OPERATIONS_MODULE, facadeOperationsModule } from './facade-codegen.js';

/** The committed generated module against what the .graphql files generate now. */
async function codegenProblems(): Promise<string[]> {
  let generated: string;
  try {
    generated = await facadeOperationsModule(ROOT);
  } catch (error) {
    return [(error as Error).message];
  }
  let committed = '';
  try {
    committed = readFileSync(path.join(ROOT, FACADE_OPERATIONS_MODULE), 'utf8');
  } catch {
    return [`${FACADE_OPERATIONS_MODULE} is missing: run npm run codegen`];
  }
  return committed === generated ? [] : [`${FACADE_OPERATIONS_MODULE} is stale (a .graphql file under rest-facade/src changed): run npm run codegen, then npm run build and npm run documents`];
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode === 'codegen') {
    writeFileSync(path.join(ROOT, FACADE_OPERATIONS_MODULE), await facadeOperationsModule(ROOT));
    console.log(`wrote ${FACADE_OPERATIONS_MODULE}`);
  } else if (mode === 'write') {
    writeFileSync(path.join(ROOT, FACADE_MANIFEST), facadeManifest());
    console.log(`wrote ${FACADE_MANIFEST}`);
  } else if (mode === 'check') {
    const problems = [...(await codegenProblems()), ...manifestProblems()];
    for (const problem of problems) console.error(problem);
    if (problems.length > 0) process.exit(1);
    console.log('trusted documents: up to date and valid');
  } else {
    console.error('usage: documents.js write|check');
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
