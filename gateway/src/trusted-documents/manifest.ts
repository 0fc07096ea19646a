import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A document's id: the hex SHA-256 of its exact text (Apollo's APQ hash, the client preset's and Relay's manifest keys). */
export function documentHash(document: string): string {
  return createHash('sha256').update(document).digest('hex');
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * A persisted-documents manifest, `{ "<sha256>": "<document>" }` (what
 * GraphQL Codegen's client preset writes with `persistedDocuments: true`,
 * and Relay's persisted queries): every key must be the hash of its
 * document, so a stale or hand-edited manifest fails at start, not at the
 * first request.
 */
export function parseManifest(text: string, source: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${source}: not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${source}: expected an object of "<sha256>": "<document>"`);
  const documents = new Map<string, string>();
  for (const [key, document] of Object.entries(parsed)) {
    // The client preset of GraphQL Codegen 7 writes "sha256:<hex>" keys (its documentId); Relay and older presets bare hex.
    const hash = key.startsWith('sha256:') ? key.slice(7) : key;
    if (!SHA256_HEX.test(hash)) throw new Error(`${source}: "${key}" is not a lowercase hex SHA-256 (optionally "sha256:"-prefixed)`);
    if (typeof document !== 'string') throw new Error(`${source}: the document of ${hash} is not a string`);
    if (documentHash(document) !== hash) throw new Error(`${source}: ${hash} is not the SHA-256 of its document`);
    documents.set(hash, document);
  }
  return documents;
}

/** Every document of these manifest files, by hash. */
export function readManifests(paths: readonly string[]): Map<string, string> {
  const documents = new Map<string, string>();
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new Error(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    for (const [hash, document] of parseManifest(text, path)) documents.set(hash, document);
  }
  return documents;
}

/** A manifest's text for these documents: keys sorted, so that a regenerated file differs only where a document did. */
export function writeManifest(documents: Iterable<string>): string {
  const entries = [...new Set(documents)].map((document) => [documentHash(document), document] as const);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}
