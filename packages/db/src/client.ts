import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client.js';

export { PrismaClient, Prisma } from './generated/prisma/client.js';
export * as Models from './generated/prisma/models.js';
export type * from './generated/prisma/enums.js';

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string };

export interface Database {
  readonly kind: DatabaseOptions['kind'];
  readonly prisma: PrismaClient;
  /** The PGlite instance in the embedded mode (migrations run through it). */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * Names each statement after its SQL so PostgreSQL plans it once per
 * connection; adapter-pg otherwise sends unnamed statements, re-planned on
 * every call (platform.md: ~240 µs against ~45 µs for a join).
 */
function statementName(query: { sql: string }): string {
  return `p_${createHash('sha1').update(query.sql).digest('base64url')}`;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const adapter = new PrismaPg(
      { connectionString: options.url, max: options.poolSize ?? 10 },
      { statementNameGenerator: statementName },
    );
    const prisma = new PrismaClient({ adapter });
    return { kind: 'postgres', prisma, close: () => prisma.$disconnect() };
  }
  const pglite = await PGlite.create(options.dataDir === 'memory://' ? undefined : options.dataDir);
  // The adapter is typed against its own (older) PGlite; the runtime API it uses is the same.
  const adapter = new PrismaPGlite(pglite as unknown as ConstructorParameters<typeof PrismaPGlite>[0]);
  const prisma = new PrismaClient({ adapter });
  return {
    kind: 'pglite',
    prisma,
    pglite,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
