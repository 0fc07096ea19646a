import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from './pglite.js';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { traceDatabaseAdapter } from '@social/telemetry';
import { PrismaClient } from './generated/prisma/client.js';
import { registerSql, Sql } from './sql.js';

export { PrismaClient, Prisma } from './generated/prisma/client.js';
export * as Models from './generated/prisma/models.js';
export type * from './generated/prisma/enums.js';

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string };

export interface Database {
  readonly kind: DatabaseOptions['kind'];
  readonly prisma: PrismaClient;
  /** Hot reads as raw statements, on the same pool (sql.ts, docs/data-access.md). */
  readonly sql: Sql;
  /** The PGlite instance in the embedded mode (migrations run through it). */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * Interactive transactions wait up to 10 s for a pooled connection and may
 * run 30 s (Prisma's defaults, 2 s and 5 s, turn a burst of writes on a busy
 * machine into errors); past that the caller gets a 503 to retry.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

const statementNames = new Map<string, string>();

/**
 * Names each statement after its SQL so PostgreSQL plans it once per
 * connection; adapter-pg otherwise sends unnamed statements, re-planned on
 * every call (measured on 2 cores: ~240 µs of PostgreSQL CPU against ~45 µs for a join).
 */
function statementName(query: { sql: string }): string {
  let name = statementNames.get(query.sql);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(query.sql).digest('base64url')}`;
    // The distinct statements are the application's queries: a bounded set, hashed once each.
    if (statementNames.size < 10_000) statementNames.set(query.sql, name);
  }
  return name;
}

type AdapterFactory = PrismaPg | PrismaPGlite;

/** Prisma and the raw statements over one adapter factory (so one pool, or the one PGlite), traced alike. */
async function clients(adapter: AdapterFactory): Promise<{ prisma: PrismaClient; sql: Sql }> {
  const factory = traceDatabaseAdapter(adapter, 'postgresql');
  const prisma = new PrismaClient({ adapter: factory, transactionOptions: TRANSACTION_OPTIONS });
  const sql = new Sql(await factory.connect());
  registerSql(prisma, sql);
  return { prisma, sql };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // One pool for Prisma and the raw statements: the adapter is given it rather than making its own.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // The adapter's @types/pg is another copy of the same declarations; at run time both resolve to this pg.
    const adapterPool = pool as unknown as ConstructorParameters<typeof PrismaPg>[0];
    const { prisma, sql } = await clients(new PrismaPg(adapterPool, { statementNameGenerator: statementName }));
    const close = async () => {
      await prisma.$disconnect();
      await pool.end();
    };
    return { kind: 'postgres', prisma, sql, close };
  }
  const pglite = await openPGlite(options.dataDir === 'memory://' ? undefined : options.dataDir);
  // The adapter is typed against its own (older) PGlite; the runtime API it uses is the same.
  const { prisma, sql } = await clients(new PrismaPGlite(pglite as unknown as ConstructorParameters<typeof PrismaPGlite>[0]));
  const close = async () => {
    await prisma.$disconnect();
    await pglite.close();
  };
  return { kind: 'pglite', prisma, pglite, sql, close };
}
