import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from '../pglite.js';
import {
  DriverAdapterError,
  isDriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type Transaction,
} from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

/**
 * Driver adapters over in-memory PGlite for the schema engine: no server
 * needed for `check` and `new`. Built on pglite-prisma-adapter with two
 * fixes the engine needs:
 * - its executeScript does not await PGlite's exec, so a migration that fails
 *   on the shadow database looked applied (and the rejection crashed the
 *   process later);
 * - it is built against PGlite 0.4, so errors from our PGlite 0.5 fail its
 *   `instanceof DatabaseError` and reach the engine as opaque JS errors.
 *   They are mapped to PostgreSQL errors here, which the engine reports.
 */

interface PgErrorFields {
  code: string;
  message: string;
  severity?: string;
  detail?: string;
  column?: string;
  hint?: string;
}

function isPgError(error: unknown): error is PgErrorFields {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgErrorFields).code === 'string' &&
    typeof (error as PgErrorFields).message === 'string' &&
    'severity' in error
  );
}

function toAdapterError(error: unknown): unknown {
  if (isDriverAdapterError(error) || !isPgError(error)) return error;
  const { code, message, severity, detail, column, hint } = error;
  return new DriverAdapterError({ kind: 'postgres', code, message, severity: severity ?? 'ERROR', detail, column, hint });
}

async function mapErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAdapterError(error);
  }
}

function wrapTransaction(tx: Transaction): Transaction {
  return {
    provider: tx.provider,
    adapterName: tx.adapterName,
    options: tx.options,
    queryRaw: (query) => mapErrors(() => tx.queryRaw(query)),
    executeRaw: (query) => mapErrors(() => tx.executeRaw(query)),
    commit: () => mapErrors(() => tx.commit()),
    rollback: () => mapErrors(() => tx.rollback()),
  };
}

/**
 * An adapter whose PGlite opens on first use: the engine connects to its main
 * database when created, but a diff between migrations and the schema only
 * uses the shadow one, and a fresh PGlite costs ~2 s and hundreds of MB.
 */
function lazyPGliteAdapter(open: () => Promise<PGlite>): SqlDriverAdapter {
  let inner: Promise<{ db: PGlite; adapter: SqlDriverAdapter }> | undefined;
  const connection = () =>
    (inner ??= open().then(async (db) => {
      // The adapter is typed against its own PGlite (0.4); the API it calls is the same in 0.5.
      const adapter = await new PrismaPGlite(db as unknown as ConstructorParameters<typeof PrismaPGlite>[0]).connect();
      return { db, adapter };
    }));
  return {
    provider: 'postgres',
    adapterName: 'pglite-prisma-adapter',
    queryRaw: (query) => mapErrors(async () => (await connection()).adapter.queryRaw(query)),
    executeRaw: (query) => mapErrors(async () => (await connection()).adapter.executeRaw(query)),
    executeScript: (script) =>
      mapErrors(async () => {
        await (await connection()).db.exec(script);
      }),
    startTransaction: (isolationLevel) =>
      mapErrors(async () => wrapTransaction(await (await connection()).adapter.startTransaction(isolationLevel))),
    getConnectionInfo: () => ({ supportsRelationJoins: true }),
    dispose: async () => undefined, // the owner closes the PGlite instances
  };
}

export interface PGliteEngineDatabases {
  readonly factory: SqlMigrationAwareDriverAdapterFactory;
  /** Closes every PGlite this created (not a `main` passed in). */
  close(): Promise<void>;
}

/**
 * The engine's main database is `main` when given (to inspect it), otherwise
 * a throwaway in-memory PGlite; every shadow database is a fresh in-memory
 * PGlite.
 */
export function pgliteEngineDatabases(main?: PGlite): PGliteEngineDatabases {
  const created: PGlite[] = [];
  const fresh = async () => {
    const db = await openPGlite();
    created.push(db);
    return db;
  };
  return {
    factory: {
      provider: 'postgres',
      adapterName: 'pglite-prisma-adapter',
      connect: async () => lazyPGliteAdapter(main ? async () => main : fresh),
      connectToShadowDb: async () => lazyPGliteAdapter(fresh),
    },
    close: async () => {
      await Promise.all(created.filter((db) => !db.closed).map((db) => db.close()));
    },
  };
}
