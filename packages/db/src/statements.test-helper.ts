// Test support (used by *.test.ts only, not exported by the package): runs every raw statement a
// service defines against the migrated schema, on PostgreSQL and on PGlite (docs/data-access.md).
import { createTestDatabase } from '@social/testkit';
import { openDatabase, type Database } from './client.js';
import { applyMigrations } from './migrations/apply.js';
import { describeWithVmModules } from './migrations/jest-vm-modules.js';
import { definedStatements, type Shape, type Statement } from './sql.js';

/** One run of a statement: its parameters, and what its rows must be (decoded). */
export interface StatementCase {
  params: (seeded: Record<string, bigint>) => unknown[];
  expect: (rows: Array<Record<string, unknown>>, seeded: Record<string, bigint>) => void;
}

async function migrated(kind: 'postgres' | 'pglite'): Promise<{ db: Database; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await applyMigrations(db.pglite as NonNullable<Database['pglite']>);
    return { db, dispose: () => db.close() };
  }
  const database = await createTestDatabase();
  await applyMigrations(database.url);
  const db = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  return {
    db,
    dispose: async () => {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * For each database kind: migrates a fresh database, seeds it, and runs
 * every defined statement named `<prefix>.*` through its case; a statement
 * without a case, or a case without a statement, fails.
 */
export function describeStatements(
  testFile: string,
  prefix: string,
  seed: (db: Database) => Promise<Record<string, bigint>>,
  cases: Record<string, StatementCase>,
): void {
  const describeDb = describeWithVmModules(testFile);
  const own = () => definedStatements().filter((statement) => statement.name.startsWith(`${prefix}.`));

  describeDb.each([['PostgreSQL', 'postgres'] as const, ['PGlite', 'pglite'] as const])(`${prefix} raw statements on %s`, (_name, kind) => {
    let database: Awaited<ReturnType<typeof migrated>>;
    let seeded: Record<string, bigint>;

    beforeAll(async () => {
      database = await migrated(kind);
      seeded = await seed(database.db);
    }, 120_000);
    afterAll(() => database?.dispose());

    it('has a case for every statement, and a statement for every case', () => {
      expect(own().map((statement) => statement.name).sort()).toEqual(Object.keys(cases).sort());
    });

    for (const [name, testCase] of Object.entries(cases)) {
      it(name, async () => {
        const found = own().find((statement) => statement.name === name) as Statement<Shape, readonly never[]>;
        expect(found).toBeDefined();
        const rows = await database.db.sql.query(found, ...(testCase.params(seeded) as never[]));
        testCase.expect(rows, seeded);
      });
    }
  });
}
