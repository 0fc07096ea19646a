import type { Command } from 'commander';
import type { MigrationTarget } from '@social/db';
import type { AdminContext } from './context.js';
import { withContext, type NewContext } from './run.js';

/** PostgreSQL at DATABASE_URL, or the embedded database (PGlite in DATA_DIR). */
async function withTarget<T>(ctx: AdminContext, work: (target: MigrationTarget) => Promise<T>): Promise<T> {
  const { openDatabase } = await import('@social/db');
  if (ctx.config.DATABASE_URL) return work(ctx.config.DATABASE_URL);
  const database = await openDatabase({ kind: 'pglite', dataDir: ctx.config.dataDir });
  try {
    return await work(database.pglite as NonNullable<typeof database.pglite>);
  } finally {
    await database.close();
  }
}

export function migrateCommand(program: Command, newContext: NewContext): void {
  program
    .command('migrate')
    .description('Apply pending database migrations (the same as `npm run db:migrate`); safe to run from several places at once')
    .option('--status', 'only list applied and pending migrations (exit 1 if any is pending)')
    .action((options: { status?: boolean }) =>
      withContext(newContext, (ctx) =>
        withTarget(ctx, async (target) => {
          const { applyMigrations, migrationStatus } = await import('@social/db');
          if (options.status) {
            const plan = await migrationStatus(target);
            for (const name of plan.applied) ctx.output.out(`applied   ${name}`);
            for (const migration of plan.pending) ctx.output.out(`pending   ${migration.name}`);
            for (const name of plan.unknown) ctx.output.out(`unknown   ${name} (in the database, not in this version)`);
            ctx.output.out(plan.pending.length === 0 ? 'Database is up to date.' : `${plan.pending.length} pending: run social-admin migrate.`);
            return plan.pending.length === 0 ? 0 : 1;
          }
          // One line per migration as it is applied is the progress here (there are few, each can take long).
          const result = await applyMigrations(target, { onApplied: (name) => ctx.output.out(`Applied ${name}`) });
          for (const name of result.unknown) ctx.output.out(`Warning: ${name} is applied in the database but unknown to this version`);
          ctx.output.out(
            result.applied.length === 0
              ? `Database is up to date (${result.alreadyApplied.length} migrations).`
              : `Applied ${result.applied.length} migrations; ${result.alreadyApplied.length} were applied before.`,
          );
          return 0;
        }),
      ),
    );
}
