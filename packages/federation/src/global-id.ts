/**
 * Global object ids (`nodeId`): base64url, without padding, of `Type:id`.
 * They are opaque to clients by contract, so the encoding may change; the
 * decoder is strict (one canonical spelling per id) so that two different
 * strings never name the same object and a cache keyed by them stays sound.
 */

export interface GlobalId {
  type: string;
  id: string;
}

// Longer than any `Type:snowflake` we make; refused before decoding.
const MAX_LENGTH = 80;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const PLAIN = /^([A-Z][A-Za-z]{0,39}):([1-9][0-9]{0,19})$/;

export function encodeGlobalId(type: string, id: string): string {
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
}

/** The type and id a global id names; null for anything this codec did not make. */
export function decodeGlobalId(globalId: string): GlobalId | null {
  if (globalId.length === 0 || globalId.length > MAX_LENGTH || !BASE64URL.test(globalId)) return null;
  const plain = Buffer.from(globalId, 'base64url').toString('utf8');
  const match = PLAIN.exec(plain);
  if (!match) return null;
  // Node's decoder ignores stray trailing bits: only the canonical spelling counts.
  if (encodeGlobalId(match[1], match[2]) !== globalId) return null;
  return { type: match[1], id: match[2] };
}
