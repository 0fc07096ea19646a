import type { Operation } from '../gateway-client.js';

/** An operation document with the fragments it spreads (each once, in order). */
export function operation(name: string, body: string, ...fragments: string[][]): Operation {
  const unique = [...new Set(fragments.flat())];
  return Object.freeze({ name, document: [body.trim(), ...unique].join('\n') });
}

/** Timestamps travel as ISO strings with milliseconds; Mastodon's have them too. */
export function timestamp(value: string): string {
  return new Date(value).toISOString();
}
