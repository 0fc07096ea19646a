import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseManifest, writeManifest } from '@social/gateway';
import { definedOperations } from '@social/rest-facade';
import { buildSchema, parse, validate } from 'graphql';
import { CONTRACT_FILE } from './contract.js';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The facade's operations as a trusted-documents manifest: what a gateway in its own process registers for the facade. */
export const FACADE_MANIFEST = 'gateway/trusted-documents/rest-facade.json';
/** Manifests committed beside it and the example frontend's: each must validate against the contract. */
const MANIFEST_FOLDERS = ['gateway/trusted-documents', 'examples/frontend-codegen/src/gql'];

/** The manifest of every operation the facade's modules define (all of them: the package index loads every route). */
export function facadeManifest(): string {
  return writeManifest(definedOperations().map((operation) => operation.document));
}

function manifestFiles(): string[] {
  return MANIFEST_FOLDERS.flatMap((folder) => {
    let names: string[];
    try {
      names = readdirSync(path.join(ROOT, folder));
    } catch {
      return [];
    }
    return names.filter((name) => name.endsWith('.json') && /persisted|trusted|rest-facade/.test(`${folder}/${name}`)).map((name) => `${folder}/${name}`);
  });
}

/** What is wrong with the committed manifests: stale, malformed, or a document the contract does not validate. */
export function manifestProblems(): string[] {
  const problems: string[] = [];
  let committed = '';
  try {
    committed = readFileSync(path.join(ROOT, FACADE_MANIFEST), 'utf8');
  } catch {
    problems.push(`${FACADE_MANIFEST} is missing: run npm run documents`);
  }
  if (committed && committed !== facadeManifest()) problems.push(`${FACADE_MANIFEST} is stale (the facade's operations changed): run npm run documents`);
  const schema = buildSchema(readFileSync(path.join(ROOT, CONTRACT_FILE), 'utf8'));
  for (const file of manifestFiles()) {
    let documents: Map<string, string>;
    try {
      documents = parseManifest(readFileSync(path.join(ROOT, file), 'utf8'), file);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    for (const [hash, document] of documents) {
      const errors = validate(schema, parse(document)).map((error) => error.message);
      if (errors.length > 0) problems.push(`${file}: ${hash.slice(0, 12)} does not validate against ${CONTRACT_FILE}: ${errors.join('; ')}`);
    }
  }
  return problems;
}
