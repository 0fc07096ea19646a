import { PGlite } from '@electric-sql/pglite';
import { nextTurnIfLong } from '@social/telemetry';

/**
 * Every PGlite this project opens (the embedded database, its template, the
 * migration engine's shadow databases): with the extensions the migrations
 * create (pg_trgm for the search indexes, docs/api/search.md), which PGlite
 * ships as separate modules to load at start. Imported dynamically: the
 * contrib modules' types are ECMAScript-only and this package is CommonJS.
 */
export async function openPGlite(dataDir?: string): Promise<PGlite> {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return shareTheEventLoop(await PGlite.create(dataDir, { extensions: { pg_trgm } }));
}

/**
 * PGlite runs each query synchronously, in WebAssembly, on the main thread: a query that finds the
 * current turn of the event loop long waits for the next one first (nextTurnIfLong, in
 * @social/telemetry, says why). Every query passes `_runExclusiveQuery`, inside transactions too;
 * its absence (a PGlite upgrade) fails the open rather than silently.
 */
function shareTheEventLoop(pglite: PGlite): PGlite {
  const instance = pglite as unknown as { _runExclusiveQuery?: <T>(run: () => Promise<T>) => Promise<T> };
  const runExclusiveQuery = instance._runExclusiveQuery;
  if (typeof runExclusiveQuery !== 'function') throw new Error('PGlite no longer has _runExclusiveQuery: see shareTheEventLoop in packages/db/src/pglite.ts');
  instance._runExclusiveQuery = async <T>(run: () => Promise<T>): Promise<T> => {
    const nextTurn = nextTurnIfLong();
    if (nextTurn) await nextTurn;
    return runExclusiveQuery.call(pglite, run) as Promise<T>;
  };
  return pglite;
}
