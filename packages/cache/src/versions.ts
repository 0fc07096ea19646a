/**
 * Version tokens of entities, for read caches that must stay correct under
 * writes from any process. A cached answer remembers the token of every
 * entity it was built from; it may be served only while all of them are
 * unchanged. A writer bumps the keys it changed after its transaction
 * committed, and before it answers, so whoever reads after the write's answer
 * sees a different token and reads through.
 *
 * Tokens are never reused: a bump forgets the key, and the next read of a
 * forgotten (or expired, or evicted) key makes up a token no one has held.
 */
export interface EntityVersions {
  readonly kind: 'redis' | 'memory';
  /** The current token of each key, in order. Rejects when the store cannot be reached (callers then read through). */
  read(keys: readonly string[]): Promise<string[]>;
  /** Retires the keys' tokens. */
  bump(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** The key of a status: its row, counters, poll, card and media. */
export function statusVersionKey(id: bigint | string): string {
  return `v:status:${id}`;
}

/** The key of the IP blocks as a whole: a facade's knowledge that an address is not refused holds while it is unchanged. */
export const IP_BLOCKS_VERSION_KEY = 'v:ip-blocks';

/** The key of an account: its profile and its counters. */
export function accountVersionKey(id: bigint | string): string {
  return `v:account:${id}`;
}
