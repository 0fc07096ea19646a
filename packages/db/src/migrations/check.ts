import { assertPostgresLockfile } from './folder.js';
import { diffMigrationsToSchema } from './engine-diff.js';
import { migrationsDir as defaultMigrationsDir, schemaPath as defaultSchemaPath } from './paths.js';

export interface MigrationSources {
  /** Defaults to <repo>/prisma/migrations. */
  readonly migrationsDir?: string;
  /** Defaults to <repo>/prisma/schema.prisma. */
  readonly schemaPath?: string;
}

export interface CheckResult {
  /** True when applying every migration to an empty database yields exactly the schema. */
  readonly inSync: boolean;
  readonly migrationCount: number;
  /** The SQL a new migration would need; null when in sync. */
  readonly missingSql: string | null;
}

/**
 * Compares schema.prisma with the migrations folder, needing no database
 * server: the migrations run on an in-memory PGlite shadow database. Throws
 * when a migration fails to apply there.
 */
export async function checkMigrations(sources: MigrationSources = {}): Promise<CheckResult> {
  const dir = sources.migrationsDir ?? defaultMigrationsDir;
  assertPostgresLockfile(dir);
  const diff = await diffMigrationsToSchema(dir, sources.schemaPath ?? defaultSchemaPath);
  return { inSync: diff.sql === null, migrationCount: diff.migrationCount, missingSql: diff.sql };
}
