/**
 * Sharing the event loop when work never waits on a socket. In the embedded mode PGlite runs each
 * query synchronously in WebAssembly and answers through promises, and the gateway calls its
 * subgraphs in process: a request (or several at once) can run from its first query to its answer
 * without handing the loop back, and a /health probe or another client's bytes wait behind all of
 * it, hundreds of milliseconds under a burst of large writes. PostgreSQL's and HTTP's sockets yield
 * at every query and fetch; these points yield too, but only once the current turn has run long.
 */

/** How long one turn of the event loop may run such work before the next piece waits for the next turn. */
export const TURN_BUDGET_MS = 4;

/** When the first piece of work of the current turn started (-1: none yet in this turn). */
let turnStarted = -1;

function endTurn(): void {
  turnStarted = -1;
}

/**
 * Undefined while the current turn is young (the caller goes on at once); once it has run longer than
 * TURN_BUDGET_MS, a promise of the next turn (setImmediate: after the I/O that waits), to await first.
 */
export function nextTurnIfLong(): Promise<void> | undefined {
  const now = performance.now();
  if (turnStarted < 0) {
    turnStarted = now;
    setImmediate(endTurn);
    return undefined;
  }
  if (now - turnStarted < TURN_BUDGET_MS) return undefined;
  return new Promise((resolve) => setImmediate(resolve));
}
