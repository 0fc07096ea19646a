import { randomUUID } from 'node:crypto';
import type { MigrationFile } from './folder.js';
import type { SqlExecutor } from './executor.js';

/** The advisory lock key `prisma migrate` takes, so this runner and Prisma's exclude each other. */
export const MIGRATION_LOCK_KEY = 72707369;

/** Prisma's own table, column for column, so the engine and `prisma migrate` read our history as theirs. */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface HistoryRow {
  readonly migration_name: string;
  readonly checksum: string;
  readonly started_at: Date;
  readonly finished_at: Date | null;
  readonly rolled_back_at: Date | null;
}

export async function ensureHistoryTable(db: SqlExecutor): Promise<void> {
  await db.exec(CREATE_TABLE);
}

/** Every recorded attempt, oldest first; an empty list when the table does not exist yet. */
export async function readHistory(db: SqlExecutor): Promise<HistoryRow[]> {
  const exists = await db.query<{ table: string | null }>(`SELECT to_regclass('_prisma_migrations')::text AS "table"`);
  if (!exists.rows[0]?.table) return [];
  const result = await db.query<HistoryRow>(
    `SELECT migration_name, checksum, started_at, finished_at, rolled_back_at
       FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
  );
  return result.rows;
}

/** Records a migration as `prisma migrate deploy` does once it has finished (one step: the whole file). */
export async function recordApplied(db: SqlExecutor, migration: MigrationFile, startedAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO "_prisma_migrations"
       (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
     VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, $4, 1)`,
    [randomUUID(), migration.checksum, migration.name, startedAt],
  );
}
