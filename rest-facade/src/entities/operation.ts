import { createHash } from 'node:crypto';
import type { Operation } from '../gateway-client.js';

const defined: Operation[] = [];

/** An operation document with the fragments it spreads (each once, in order). */
export function operation(name: string, body: string, ...fragments: string[][]): Operation {
  const unique = [...new Set(fragments.flat())];
  const document = [body.trim(), ...unique].join('\n');
  const entry = Object.freeze({ name, document, hash: createHash('sha256').update(document).digest('hex') });
  defined.push(entry);
  return entry;
}

/** Every operation the facade's modules defined (once they are loaded): checked against the gateway's limits in tests. */
export function definedOperations(): readonly Operation[] {
  return defined;
}

/** Timestamps travel as ISO strings with milliseconds; Mastodon's have them too. */
export function timestamp(value: string): string {
  return new Date(value).toISOString();
}
