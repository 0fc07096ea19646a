import { assertPostgresLockfile, readMigrations, type MigrationFile } from './folder.js';
import { openExecutor, type MigrationTarget, type SqlExecutor } from './executor.js';
import { ensureHistoryTable, MIGRATION_LOCK_KEY, readHistory, recordApplied } from './history-table.js';
import { planMigrations } from './plan.js';
import { migrationsDir as defaultMigrationsDir } from './paths.js';

export interface ApplyOptions {
  /** Defaults to <repo>/prisma/migrations. */
  readonly migrationsDir?: string;
  /** Called once per migration applied (e.g. to log it). */
  readonly onApplied?: (name: string) => void;
}

export interface ApplyResult {
  /** Applied by this call, in order. */
  readonly applied: string[];
  /** Already applied before this call. */
  readonly alreadyApplied: string[];
  /** Recorded in the database but absent from the folder. */
  readonly unknown: string[];
}

/** A migration's SQL failed; its transaction was rolled back and nothing of it remains. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string,
    cause: unknown,
  ) {
    super(`Migration ${migrationName} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationFailedError';
  }
}

/** One migration and its history row in one transaction: it is applied and recorded, or neither. */
async function applyOne(db: SqlExecutor, migration: MigrationFile): Promise<void> {
  const startedAt = new Date();
  await db.exec('BEGIN');
  try {
    await db.exec(migration.sql);
    await recordApplied(db, migration, startedAt);
    await db.exec('COMMIT');
  } catch (error) {
    await db.exec('ROLLBACK').catch(() => undefined); // the original error is the one worth reporting
    throw new MigrationFailedError(migration.name, error);
  }
}

// An advisory lock does not exclude its own session: calls sharing one session
// (a PGlite instance) queue here instead, or their BEGINs would interleave.
const sessionQueues = new WeakMap<SqlExecutor, Promise<unknown>>();

function queueOnSession<T>(db: SqlExecutor, work: () => Promise<T>): Promise<T> {
  const run = (sessionQueues.get(db) ?? Promise.resolve()).catch(() => undefined).then(work);
  sessionQueues.set(db, run);
  return run;
}

async function applyPending(db: SqlExecutor, migrations: MigrationFile[], options: ApplyOptions): Promise<ApplyResult> {
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await ensureHistoryTable(db);
    // Read under the lock: another process may just have applied some.
    const plan = planMigrations(migrations, await readHistory(db));
    for (const migration of plan.pending) {
      await applyOne(db, migration);
      options.onApplied?.(migration.name);
    }
    return { applied: plan.pending.map((m) => m.name), alreadyApplied: plan.applied, unknown: plan.unknown };
  } finally {
    // Ending the session releases the lock too; a failed unlock must not hide the real error.
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
  }
}

/**
 * Applies the pending migrations of the folder to `target`, as
 * `prisma migrate deploy` would, without Prisma's engine: plain SQL over
 * node-postgres (a connection string) or PGlite (an instance). Holds Prisma's
 * advisory lock throughout, so concurrent deploys (several processes booting
 * at once) apply each migration once. A migration must not manage its own
 * transaction (no BEGIN/COMMIT, no CREATE INDEX CONCURRENTLY).
 */
export async function applyMigrations(target: MigrationTarget, options: ApplyOptions = {}): Promise<ApplyResult> {
  const dir = options.migrationsDir ?? defaultMigrationsDir;
  assertPostgresLockfile(dir);
  const migrations = readMigrations(dir); // read first: a broken folder fails before any connection
  const { executor: db, close } = await openExecutor(target);
  try {
    return await queueOnSession(db, () => applyPending(db, migrations, options));
  } finally {
    await close();
  }
}
