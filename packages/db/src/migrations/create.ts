import { readMigrations, writeMigration } from './folder.js';
import { diffMigrationsToSchema } from './engine-diff.js';
import { migrationsDir as defaultMigrationsDir, schemaPath as defaultSchemaPath } from './paths.js';
import { TIMESTAMP_ID_SQL } from './timestamp-id.js';
import type { MigrationSources } from './check.js';

export interface CreateOptions extends MigrationSources {
  /** The clock, for the folder's timestamp (tests). */
  readonly now?: Date;
}

export interface CreatedMigration {
  readonly name: string;
  readonly file: string;
  readonly sql: string;
}

/** Prisma's folder naming: a UTC `YYYYMMDDHHMMSS` prefix, then the name in snake case. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

function migrationSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 200);
  if (slug === '') throw new Error(`Migration name "${name}" has no letters or digits`);
  return slug;
}

/** A prefix after every existing one, so the new migration is applied last even if a clock lags. */
function nextPrefix(existing: readonly string[], now: Date): string {
  const last = existing.map((name) => name.slice(0, 14)).sort().at(-1);
  if (last === undefined || timestamp(now) > last) return timestamp(now);
  const lastDate = new Date(`${last.slice(0, 4)}-${last.slice(4, 6)}-${last.slice(6, 8)}T${last.slice(8, 10)}:${last.slice(10, 12)}:${last.slice(12, 14)}Z`);
  return timestamp(new Date(lastDate.getTime() + 1000));
}

/**
 * Writes `<timestamp>_<name>/migration.sql` with the SQL that brings the
 * migrations up to schema.prisma, or returns null when there is nothing to
 * do. The first migration also creates `timestamp_id()` ahead of the tables
 * whose defaults call it.
 */
export async function createMigration(name: string, options: CreateOptions = {}): Promise<CreatedMigration | null> {
  const dir = options.migrationsDir ?? defaultMigrationsDir;
  const slug = migrationSlug(name);
  const existing = readMigrations(dir).map((m) => m.name);
  const diff = await diffMigrationsToSchema(dir, options.schemaPath ?? defaultSchemaPath);
  if (diff.sql === null) return null;
  const sql = existing.length === 0 ? `${TIMESTAMP_ID_SQL}\n${diff.sql}` : diff.sql;
  const folderName = `${nextPrefix(existing, options.now ?? new Date())}_${slug}`;
  return { name: folderName, file: writeMigration(dir, folderName, sql), sql };
}

