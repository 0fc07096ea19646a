import type { Principal } from './principal.js';

/** What every subgraph resolver receives; each subgraph adds its loaders. */
export interface BaseContext {
  readonly principal: Principal;
  readonly requestId: string;
  /**
   * Set by the executor once this context has run a mutation: from then on a
   * loader must not serve one table's rows read along with another's (they
   * may predate the write).
   */
  mutated?: boolean;
}
