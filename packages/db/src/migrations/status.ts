import { readMigrations } from './folder.js';
import { openExecutor, type MigrationTarget } from './executor.js';
import { readHistory } from './history-table.js';
import { planMigrations, type MigrationPlan } from './plan.js';
import { migrationsDir as defaultMigrationsDir } from './paths.js';

/**
 * What `applyMigrations` would do, read-only and without the lock: pending,
 * applied and unknown migrations. Throws MigrationHistoryError for a failed
 * or edited migration, exactly as a deploy would.
 */
export async function migrationStatus(target: MigrationTarget, dir: string = defaultMigrationsDir): Promise<MigrationPlan> {
  const migrations = readMigrations(dir);
  const { executor, close } = await openExecutor(target);
  try {
    return planMigrations(migrations, await readHistory(executor));
  } finally {
    await close();
  }
}
