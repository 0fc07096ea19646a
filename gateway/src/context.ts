import type { BaseContext, Principal } from '@social/federation';
import type { RateLimitReport } from './rate-limit/limiter.js';

/**
 * What a mutation's first fetch returned, which its subgraph had committed
 * by then: reported with UNAVAILABLE when a later fetch of the same plan
 * fails, so the caller knows the write happened and which record it made.
 */
export interface CommittedWrite {
  __typename: string | null;
  id: string | null;
}

/** The gateway's per-request context: the principal, and each in-process subgraph's own context. */
export interface GatewayContext {
  readonly principal: Principal;
  readonly requestId: string;
  /** The caller's address, for the per-IP buckets. */
  readonly clientIp: string;
  /** Set once the operation has been counted: the bucket closest to its limit. */
  rateLimit: RateLimitReport | null;
  /** Subgraph contexts made on first use, so loaders batch across all fetches of one request. */
  readonly subgraphContexts: Map<string, BaseContext>;
  /** Set by the first fetch of a mutation (availability/guard.ts). */
  committed: CommittedWrite | null;
}

export function createGatewayContext(principal: Principal, requestId: string, clientIp: string): GatewayContext {
  return { principal, requestId, clientIp, rateLimit: null, subgraphContexts: new Map(), committed: null };
}
