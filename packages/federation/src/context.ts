import type { Principal } from './principal.js';

/** What every subgraph resolver receives; each subgraph adds its loaders. */
export interface BaseContext {
  readonly principal: Principal;
  readonly requestId: string;
}
