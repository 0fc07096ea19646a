import type { MigrationFile } from './folder.js';
import type { HistoryRow } from './history-table.js';

/** A migrations folder and a database history that cannot be reconciled safely. */
export class MigrationHistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationHistoryError';
  }
}

export interface MigrationPlan {
  /** Folder migrations not yet applied, in apply order. */
  readonly pending: MigrationFile[];
  /** Folder migrations already applied with the same checksum. */
  readonly applied: string[];
  /** Applied migrations missing from the folder (another branch, or a deleted folder): reported, not fatal. */
  readonly unknown: string[];
}

/**
 * Compares the folder with `_prisma_migrations` as `prisma migrate deploy`
 * does: rolled-back rows are ignored, an unfinished row blocks everything
 * (someone must look at that database), and an applied file that changed
 * since is an error, never silently skipped or re-run.
 */
export function planMigrations(migrations: readonly MigrationFile[], history: readonly HistoryRow[]): MigrationPlan {
  const live = history.filter((row) => row.rolled_back_at === null);
  const failed = live.filter((row) => row.finished_at === null).map((row) => row.migration_name);
  if (failed.length > 0) {
    throw new MigrationHistoryError(
      `Migration ${failed.join(', ')} started but never finished (failed) in this database. ` +
        'Repair the database by hand, then mark the row rolled back ' +
        `(UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '…' AND finished_at IS NULL) and deploy again.`,
    );
  }
  const appliedChecksums = new Map(live.map((row) => [row.migration_name, row.checksum]));
  const edited = migrations.filter((m) => appliedChecksums.has(m.name) && appliedChecksums.get(m.name) !== m.checksum);
  if (edited.length > 0) {
    throw new MigrationHistoryError(
      `Migration ${edited.map((m) => m.name).join(', ')} changed after it was applied to this database ` +
        '(its sha256 checksum differs from _prisma_migrations). Restore the applied file and put the change in a new migration.',
    );
  }
  const inFolder = new Set(migrations.map((m) => m.name));
  return {
    pending: migrations.filter((m) => !appliedChecksums.has(m.name)),
    applied: migrations.filter((m) => appliedChecksums.has(m.name)).map((m) => m.name),
    unknown: [...appliedChecksums.keys()].filter((name) => !inFolder.has(name)),
  };
}
