// Migrations for Prisma's `prisma/migrations` folder without Prisma's native
// engine: a plain SQL runner for deploys (pg or PGlite), and the schema
// engine as WebAssembly for checking and writing migrations.
export { applyMigrations, MigrationFailedError, type ApplyOptions, type ApplyResult } from './apply.js';
export { migrationStatus } from './status.js';
export { MigrationHistoryError, type MigrationPlan } from './plan.js';
export { pgExecutor, type MigrationTarget, type SqlExecutor } from './executor.js';
export { checkMigrations, type CheckResult, type MigrationSources } from './check.js';
export { createMigration, type CreatedMigration, type CreateOptions } from './create.js';
export { readMigrations, checksumOf, type MigrationFile } from './folder.js';
export { migrationsDir, schemaPath } from './paths.js';
export { TIMESTAMP_ID_SQL } from './timestamp-id.js';
