import pg from 'pg';

/**
 * The two calls the SQL runner needs, over one database session. An
 * `@electric-sql/pglite` PGlite instance already has this shape; a pg client
 * gets it from `pgExecutor`.
 */
export interface SqlExecutor {
  /** One statement with `$1`-style parameters. */
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several `;`-separated statements, without parameters. */
  exec(sql: string): Promise<unknown>;
}

/** A connection string (node-postgres) or an open session such as a PGlite instance. */
export type MigrationTarget = string | SqlExecutor;

/** Adapts a node-postgres client: a query without parameters goes through the simple protocol, which runs several statements. */
export function pgExecutor(client: pg.ClientBase): SqlExecutor {
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
    exec: (sql: string) => client.query(sql),
  };
}

export interface OpenedExecutor {
  readonly executor: SqlExecutor;
  /** Ends the connection this module opened; a caller's session stays open. */
  readonly close: () => Promise<void>;
}

/**
 * A connection string gets its own pg.Client, never a pool: the advisory lock
 * and the transactions must stay on one session.
 */
export async function openExecutor(target: MigrationTarget): Promise<OpenedExecutor> {
  if (typeof target !== 'string') return { executor: target, close: async () => {} };
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  return { executor: pgExecutor(client), close: () => client.end() };
}
