import { readFileSync } from 'node:fs';
import type { DiffTarget, MigrationList } from '@prisma/schema-engine-wasm' with { 'resolution-mode': 'import' };
import { LOCKFILE, MIGRATION_FILE, readLockfile, readMigrations } from './folder.js';
import { withSchemaEngine, type SchemaFile } from './engine-session.js';

const NO_FILTERS = { externalTables: [], externalEnums: [] };

export function readSchemaFile(schemaPath: string): SchemaFile {
  return { path: schemaPath, content: readFileSync(schemaPath, 'utf8') };
}

/** The migrations folder as the engine takes it (it reads no files itself). */
export function engineMigrationList(dir: string): MigrationList {
  return {
    baseDir: dir,
    lockfile: { path: LOCKFILE, content: readLockfile(dir) },
    shadowDbInitScript: '',
    migrationDirectories: readMigrations(dir).map((migration) => ({
      path: migration.name,
      migrationFile: { path: MIGRATION_FILE, content: { tag: 'ok', value: migration.sql } },
    })),
  };
}

export interface SchemaDiff {
  /** The SQL that would bring the migrations to the schema; null when they already match. */
  readonly sql: string | null;
  readonly migrationCount: number;
}

/**
 * Diffs what the migrations build (applied one by one to an in-memory PGlite
 * shadow database) against the schema's datamodel. With no migrations, the
 * starting point is an empty database and no shadow is needed.
 */
export async function diffMigrationsToSchema(migrationsDir: string, schemaPath: string): Promise<SchemaDiff> {
  const schema = readSchemaFile(schemaPath);
  const list = engineMigrationList(migrationsDir);
  const from: DiffTarget = list.migrationDirectories.length === 0 ? { tag: 'empty' } : { tag: 'migrations', ...list };
  const result = await withSchemaEngine(schema, (engine) =>
    engine.diff({ from, to: { tag: 'schemaDatamodel', files: [schema] }, script: true, exitCode: true, filters: NO_FILTERS }),
  );
  // With exitCode requested, the engine answers 2 for a non-empty diff and 0 for none.
  return { sql: result.exitCode === 2 ? (result.stdout ?? '') : null, migrationCount: list.migrationDirectories.length };
}
