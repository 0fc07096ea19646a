import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from './pglite.js';
import { applyMigrations } from './migrations/apply.js';
import { LOCKFILE } from './migrations/folder.js';
import { describeWithVmModules } from './migrations/jest-vm-modules.js';
import { copyOfMigrations } from './migrations/scratch.test-helper.js';
import { migrationStatus } from './migrations/status.js';
import { buildPgliteTemplate, seedFromPgliteTemplate } from './pglite-template.js';

// A real template (PGlite's initdb and every migration): what the copy holds. When a template is
// kept or used is decided without PGlite, in pglite-template-fit.test.ts.
jest.setTimeout(180_000);
const describeDb = describeWithVmModules(__filename);

/** The public schema as the catalog describes it, row by row, sorted: equal dumps mean equal schemas. */
async function schemaDump(db: PGlite): Promise<string[]> {
  const queries = [
    `SELECT 'column', table_name, column_name, data_type, is_nullable, coalesce(column_default, ''), ordinal_position::text
       FROM information_schema.columns WHERE table_schema = 'public'`,
    `SELECT 'index', tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`,
    `SELECT 'constraint', conrelid::regclass::text, conname, pg_get_constraintdef(oid)
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
    `SELECT 'function', p.proname, pg_get_functiondef(p.oid) FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace`,
    `SELECT 'trigger', tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal`,
    `SELECT 'sequence', sequence_name, data_type, start_value, increment FROM information_schema.sequences WHERE sequence_schema = 'public'`,
    `SELECT 'enum', t.typname, e.enumlabel, e.enumsortorder::text FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid`,
  ];
  const rows: string[] = [];
  for (const sql of queries) {
    const result = await db.query<Record<string, string>>(sql);
    for (const row of result.rows) rows.push(Object.values(row).join(' | '));
  }
  return rows.sort();
}

describeDb('the migrated PGlite template', () => {
  let work: string;
  let allMigrations: string;
  let olderMigrations: string;
  let templateDir: string;
  let migrationCount: number;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'social-pglite-template-'));
    allMigrations = copyOfMigrations(work, 'all');
    migrationCount = readdirSync(allMigrations).filter((name) => name !== LOCKFILE).length;
    expect(migrationCount).toBeGreaterThan(1);
    // A template one migration behind the folder: what a start finds after a new migration, before the next build.
    olderMigrations = copyOfMigrations(work, 'older', migrationCount - 1);
    templateDir = path.join(work, 'template');
    expect(await buildPgliteTemplate({ templateDir, migrationsDir: olderMigrations })).toBe(true);
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('is kept when it is current', async () => {
    expect(await buildPgliteTemplate({ templateDir, migrationsDir: olderMigrations })).toBe(false);
  });

  it('seeds a new folder that, with the remaining migrations applied, is the database the migrations make', async () => {
    const dataDir = path.join(work, 'seeded');
    const seeded = seedFromPgliteTemplate(dataDir, { templateDir, migrationsDir: allMigrations });
    expect(seeded).toHaveLength(migrationCount - 1);

    const copy = await openPGlite(dataDir);
    const reference = await openPGlite();
    try {
      const applied = await applyMigrations(copy, { migrationsDir: allMigrations });
      expect(applied.alreadyApplied).toEqual(seeded);
      expect(applied.applied).toHaveLength(1);
      expect((await migrationStatus(copy, allMigrations)).pending).toEqual([]);

      await applyMigrations(reference, { migrationsDir: allMigrations });
      const dump = await schemaDump(copy);
      expect(dump.length).toBeGreaterThan(100);
      expect(dump).toEqual(await schemaDump(reference));
    } finally {
      await copy.close();
      await reference.close();
    }
  });
});
