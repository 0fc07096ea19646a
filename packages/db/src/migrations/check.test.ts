import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from '../pglite.js';
import { applyMigrations } from './apply.js';
import { checkMigrations } from './check.js';
import { createMigration } from './create.js';
import { engineMigrationList, readSchemaFile } from './engine-diff.js';
import { withSchemaEngine } from './engine-session.js';
import { LOCKFILE, LOCKFILE_CONTENT, readMigrations } from './folder.js';
import { describeWithVmModules } from './jest-vm-modules.js';
import { migrationsDir, schemaPath } from './paths.js';
import { TIMESTAMP_ID_SQL } from './timestamp-id.js';

jest.setTimeout(120_000);
const describeDb = describeWithVmModules(__filename);

const NO_FILTERS = { externalTables: [], externalEnums: [] };

/** A scratch copy of prisma/ (schema and migrations) that a test may change. */
function scratchPrisma(): { dir: string; migrations: string; schema: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prisma-'));
  cpSync(migrationsDir, path.join(dir, 'migrations'), { recursive: true });
  cpSync(schemaPath, path.join(dir, 'schema.prisma'));
  return { dir, migrations: path.join(dir, 'migrations'), schema: path.join(dir, 'schema.prisma') };
}

/** schema.prisma with one more column on jobs. */
function addJobPriority(schema: string): void {
  const text = readFileSync(schema, 'utf8');
  const changed = text.replace('  lastError   String?   @map("last_error")\n', '  lastError   String?   @map("last_error")\n  priority    Int       @default(0)\n');
  expect(changed).not.toBe(text);
  writeFileSync(schema, changed);
}

describeDb('checkMigrations', () => {
  it('passes on the committed migrations and schema.prisma', async () => {
    expect(await checkMigrations()).toEqual({ inSync: true, migrationCount: readMigrations(migrationsDir).length, missingSql: null });
  });

  describe('when schema.prisma changed without a migration', () => {
    let scratch: ReturnType<typeof scratchPrisma>;
    beforeEach(() => {
      scratch = scratchPrisma();
      addJobPriority(scratch.schema);
    });
    afterEach(() => rmSync(scratch.dir, { recursive: true, force: true }));

    it('fails and gives the SQL still needed', async () => {
      const result = await checkMigrations({ migrationsDir: scratch.migrations, schemaPath: scratch.schema });
      expect(result.inSync).toBe(false);
      expect(result.missingSql).toContain('ALTER TABLE "jobs" ADD COLUMN     "priority" INTEGER NOT NULL DEFAULT 0;');
    });

    it('passes again once createMigration wrote that SQL as the next migration', async () => {
      const created = await createMigration('Add job priority!', { migrationsDir: scratch.migrations, schemaPath: scratch.schema, now: new Date('2030-01-02T03:04:05Z') });
      expect(created?.name).toBe('20300102030405_add_job_priority');
      expect(readFileSync(created!.file, 'utf8')).toContain('"priority" INTEGER NOT NULL DEFAULT 0');
      expect(created!.sql).not.toContain('timestamp_id_seq');
      expect((await checkMigrations({ migrationsDir: scratch.migrations, schemaPath: scratch.schema })).inSync).toBe(true);
      expect(await createMigration('again', { migrationsDir: scratch.migrations, schemaPath: scratch.schema })).toBeNull();
    });
  });

  it('fails with the database error when a migration does not apply', async () => {
    const scratch = scratchPrisma();
    try {
      cpSync(path.join(scratch.migrations, readMigrations(scratch.migrations)[0].name), path.join(scratch.migrations, '29990101000000_broken'), { recursive: true });
      writeFileSync(path.join(scratch.migrations, '29990101000000_broken', 'migration.sql'), 'SELECT no_such_column FROM jobs;');
      const failure = checkMigrations({ migrationsDir: scratch.migrations, schemaPath: scratch.schema });
      await expect(failure).rejects.toThrow(/29990101000000_broken[\s\S]*no_such_column/);
      await expect(failure).rejects.not.toThrow(/External error id/);
    } finally {
      rmSync(scratch.dir, { recursive: true, force: true });
    }
  });
});

describeDb('createMigration', () => {
  it('starts an empty folder with timestamp_id() ahead of the tables', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      const created = await createMigration('init', { migrationsDir: dir, now: new Date('2030-01-02T03:04:05Z') });
      expect(created?.name).toBe('20300102030405_init');
      expect(created!.sql.startsWith(TIMESTAMP_ID_SQL)).toBe(true);
      expect(created!.sql).toContain('CREATE TABLE "accounts"');
      expect(readFileSync(path.join(dir, LOCKFILE), 'utf8')).toBe(LOCKFILE_CONTENT);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a migration after the newest one even when the clock is behind', async () => {
    const scratch = scratchPrisma();
    try {
      addJobPriority(scratch.schema);
      const created = await createMigration('later', { migrationsDir: scratch.migrations, schemaPath: scratch.schema, now: new Date('2000-01-01T00:00:00Z') });
      const names = readMigrations(scratch.migrations).map((m) => m.name);
      expect(names.at(-1)).toBe(created!.name);
      expect(created!.name > names.at(-2)!).toBe(true);
    } finally {
      rmSync(scratch.dir, { recursive: true, force: true });
    }
  });
});

describeDb("Prisma's schema engine on a database the plain runner migrated", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await openPGlite();
    await applyMigrations(db);
  });
  afterAll(() => db.close());

  it('sees the migration history as up to date and the schema without drift', async () => {
    const migrationsList = engineMigrationList(migrationsDir);
    const [history, dev] = await withSchemaEngine(
      readSchemaFile(schemaPath),
      async (engine) => [
        await engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: true, filters: NO_FILTERS }),
        await engine.devDiagnostic({ migrationsList, filters: NO_FILTERS }),
      ] as const,
      db,
    );
    expect(history).toEqual({ history: null, failedMigrationNames: [], editedMigrationNames: [], hasMigrationsTable: true });
    expect(dev.action).toEqual({ tag: 'createMigration' });
  });
});
