import type { ExecutionResult } from 'graphql';
import { LRUCache } from 'lru-cache';

/** How long a rendering is shared: every subscriber of the process takes an event within moments of the others. */
const KEEP_MS = 10_000;
/** Renderings kept at most (one per event and distinct selection): a bound on memory, not a working-set estimate. */
const MAX_RENDERINGS = 2_000;

/**
 * One gateway execution per event and rendering key (document, variables
 * and who it is rendered as), shared by every stream that asks for the same:
 * the first caller runs it, the others await the same promise.
 */
export class RenderMemo {
  private readonly renderings = new LRUCache<string, Promise<ExecutionResult>>({ max: MAX_RENDERINGS, ttl: KEEP_MS, ttlAutopurge: true });

  /**
   * `mine`: this caller's `render` ran, and its failure is this caller's;
   * another's failure reads as a null result (render on your own instead).
   */
  async share(key: string, render: () => Promise<ExecutionResult>): Promise<{ result: ExecutionResult | null; mine: boolean }> {
    const existing = this.renderings.get(key);
    if (existing) return { result: await existing.catch(() => null), mine: false };
    const made = render();
    this.renderings.set(key, made);
    // A failed rendering is not shared: the next caller tries on its own.
    made.catch(() => this.renderings.delete(key));
    return { result: await made, mine: true };
  }
}
