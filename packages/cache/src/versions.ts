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

/**
 * The key of a status: its row, counters, poll, card and media. Every change
 * of the status retires it; whatever is built from the whole status (the
 * facade's anonymous reads) and what the statuses subgraph renders of it
 * are checked against it.
 */
export function statusVersionKey(id: bigint | string): string {
  return `v:status:${id}`;
}

/**
 * The key of what the media subgraph renders of a status (its attachments):
 * retired with the status's own key by every change but the statuses
 * service's counter writes (`CacheInvalidation.countersChanged`), so a
 * favourite or a boost leaves cached attachments in place.
 */
export function statusMediaVersionKey(id: bigint | string): string {
  return `v:status:${id}:media`;
}

/** The key of the IP blocks as a whole: a facade's knowledge that an address is not refused holds while it is unchanged. */
export const IP_BLOCKS_VERSION_KEY = 'v:ip-blocks';

/** The key of an account: its profile and its counters (every change retires it). */
export function accountVersionKey(id: bigint | string): string {
  return `v:account:${id}`;
}

/**
 * The key of what the identity subgraph renders of an account (its profile):
 * retired with the account's own key by every change but the statuses
 * service's counter writes, so posting or following leaves the cached
 * profile in place.
 */
export function accountProfileVersionKey(id: bigint | string): string {
  return `v:account:${id}:profile`;
}
