import { PGlite } from '@electric-sql/pglite';

/**
 * Every PGlite this project opens (the embedded database, its template, the
 * migration engine's shadow databases): with the extensions the migrations
 * create (pg_trgm for the search indexes, docs/api/search.md), which PGlite
 * ships as separate modules to load at start. Imported dynamically: the
 * contrib modules' types are ECMAScript-only and this package is CommonJS.
 */
export async function openPGlite(dataDir?: string): Promise<PGlite> {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(dataDir, { extensions: { pg_trgm } });
}
