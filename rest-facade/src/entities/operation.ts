import { createHash } from 'node:crypto';
import type { Operation } from '../gateway-client.js';

const defined: Operation[] = [];

function define<Result, Variables>(name: string, document: string): Operation<Result, Variables> {
  const entry = Object.freeze({ name, document, hash: createHash('sha256').update(document).digest('hex') });
  defined.push(entry);
  return entry;
}

/**
 * An operation from a `.graphql` file, as the generated module rest-facade/src/gql/operations.ts
 * declares it: its whole text (fragments included) and the types codegen generated for it.
 * How to add one: docs/graphql-codegen.md#the-facades-own-operations.
 */
export function typedOperation<Result, Variables>(name: string, document: string): Operation<Result, Variables> {
  return define(name, document);
}

/**
 * An operation document from an inline string, with the fragments it spreads (each once, in order).
 * Kept for modules not yet moved to `.graphql` files (code merged from before the convention):
 * operation-sources.test.ts lists them, and new code writes a `.graphql` file instead.
 * @public
 */
export function operation(name: string, body: string, ...fragments: string[][]): Operation {
  const unique = [...new Set(fragments.flat())];
  return define(name, [body.trim(), ...unique].join('\n'));
}

/** Every operation the facade's modules defined (once they are loaded): checked against the gateway's limits in tests. */
export function definedOperations(): readonly Operation[] {
  return defined;
}

/** An ISO 8601 UTC timestamp with milliseconds, as the gateway's DateTime scalar writes them. */
const ISO_WITH_MILLISECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Timestamps travel as ISO strings with milliseconds; Mastodon's have them too. One already in that form is kept as it is. */
export function timestamp(value: string): string {
  return ISO_WITH_MILLISECONDS.test(value) ? value : new Date(value).toISOString();
}
