import type { Principal } from '@social/federation';

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * Principals of valid tokens by token hash, for a few seconds, so a signed-in
 * request does not read its token, user and account again. Correct across
 * processes because every change that can end a token's validity (revoking
 * it, resetting a password, suspending or deleting its account) announces
 * `token.revoked` on the identity channel, and any event there empties the
 * cache; the TTL only bounds the damage of a lost event (Redis down). Unknown
 * and refused tokens are never kept: an unsuspended account's tokens work
 * again at once.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();
  /** Moves on every invalidation: a lookup that started before one must not be stored after it. */
  private generation = 0;
  /** Off until the process listens to the identity channel, since it would not hear other processes' revocations. */
  private enabled = false;

  enable(): void {
    this.enabled = true;
  }

  get(tokenHash: string): Principal | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.principal;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** The generation to hand back to set(), taken before the lookup. */
  begin(): number {
    return this.generation;
  }

  set(tokenHash: string, principal: Principal, generation: number): void {
    if (!this.enabled || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { principal, until: Date.now() + TTL_MS });
  }

  /** Revocations are rare: forgetting everything is simplest and leaves no doubt. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
