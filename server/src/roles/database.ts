import type { Logger } from '@social/config';
import { applyMigrations, openDatabase, seedFromPgliteTemplate, type Database } from '@social/db';
import type { ServerConfig } from '../config.js';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. The embedded
 * database is migrated at boot (the newcomer installs nothing); PostgreSQL is
 * migrated at boot by the all-in-one process, and by `npm run db:migrate` (or
 * the compose file's migrate job) in the split deployment.
 */
export async function openConfiguredDatabase(config: ServerConfig, logger: Logger, migrate: boolean): Promise<Database> {
  if (!config.DATABASE_URL && migrate) {
    // A new embedded database starts as a copy of the build's migrated template (initdb and every migration
    // take seconds); the migrations below then apply whatever the template predates.
    const seeded = seedFromPgliteTemplate(config.dataDir);
    if (seeded) logger.info({ migrations: seeded }, 'database created from the migrated template');
  }
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  if (migrate) {
    const target = database.pglite ?? (config.DATABASE_URL as string);
    const result = await applyMigrations(target);
    if (result.applied.length > 0) logger.info({ applied: result.applied }, 'migrations applied');
  }
  return database;
}
