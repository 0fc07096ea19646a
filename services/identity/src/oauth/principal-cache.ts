import { LRUCache } from 'lru-cache';
import type { Principal } from '@social/federation';

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export interface PrincipalCacheOptions {
  /** The clock the TTL is read from (tests move it); performance.now by default. */
  now?: () => number;
}

/**
 * Principals of valid tokens by token hash, for a few seconds, so a signed-in
 * request does not read its token, user and account again. Correct across
 * processes because every change that can end a token's validity (revoking
 * it, resetting a password, suspending or deleting its account) announces
 * `token.revoked` on the identity channel, and any event there empties the
 * cache (`preferences.changed`, a user's posting defaults, only that
 * account's entries); the TTL only bounds the damage of a lost event (Redis down). Unknown
 * and refused tokens are never kept: an unsuspended account's tokens work
 * again at once. Past the bound, the token used least recently goes first.
 */
export class PrincipalCache {
  private readonly entries: LRUCache<string, Principal>;
  /** Moves on every invalidation: a lookup that started before one must not be stored after it. */
  private generation = 0;
  /** Off until the process listens to the identity channel, since it would not hear other processes' revocations. */
  private enabled = false;

  constructor(options: PrincipalCacheOptions = {}) {
    // A given clock is read on every check (ttlResolution 0): a test's clock moves in jumps that a reading kept for 1 ms would hide.
    const clock = options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {};
    this.entries = new LRUCache<string, Principal>({ max: MAX_ENTRIES, ttl: TTL_MS, ...clock });
  }

  enable(): void {
    this.enabled = true;
  }

  get(tokenHash: string): Principal | undefined {
    return this.entries.get(tokenHash);
  }

  /** The generation to hand back to set(), taken before the lookup. */
  begin(): number {
    return this.generation;
  }

  set(tokenHash: string, principal: Principal, generation: number): void {
    if (!this.enabled || generation !== this.generation) return;
    this.entries.set(tokenHash, principal);
  }

  /** Revocations are rare: forgetting everything is simplest and leaves no doubt. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * One account's principals (its posting defaults changed): the next
   * request reads them again. Lookups under way may hold the old values, so
   * none of them is stored either.
   */
  invalidateAccount(accountId: string): void {
    this.generation += 1;
    for (const [tokenHash, principal] of this.entries.entries()) {
      if (principal.accountId === accountId) this.entries.delete(tokenHash);
    }
  }
}
