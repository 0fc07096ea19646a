import { InvalidArgumentError, type Command } from 'commander';
import type { Progress } from './progress.js';
import { withContext, type NewContext } from './run.js';

/** Staged uploads nobody claimed are removed after this long, as the hourly vacuum does. */
const STAGED_UPLOAD_HOURS = 1;

function positiveNumber(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new InvalidArgumentError('must be a number of hours, 0 or more');
  return parsed;
}

function attachmentId(value: string, previous: bigint[] = []): bigint[] {
  if (!/^\d{1,19}$/.test(value)) throw new InvalidArgumentError('must be an attachment id');
  return [...previous, BigInt(value)];
}

export function mediaCommands(program: Command, newContext: NewContext): void {
  const media = program.command('media').description('Media attachments: clean up and process again');

  media
    .command('clean')
    .description('Remove media no status holds that are older than --older-than hours (the hourly vacuum does this at 24), and abandoned uploads')
    .option('--older-than <hours>', 'age of the unattached media to remove', positiveNumber, 24)
    .action((options: { olderThan: number }) =>
      withContext(newContext, async (ctx) => {
        const maintenance = await ctx.media();
        const now = Date.now();
        const progress = ctx.output.progress('unattached media removed');
        const removed = await maintenance.removeUnattached(new Date(now - options.olderThan * 3_600_000), (count) => progress.tick(count));
        progress.finish();
        const uploads = await maintenance.removeAbandonedUploads(new Date(now - STAGED_UPLOAD_HOURS * 3_600_000));
        ctx.output.out(`Removed ${removed} unattached media attachment${removed === 1 ? '' : 's'} older than ${options.olderThan} h and ${uploads} abandoned upload${uploads === 1 ? '' : 's'}.`);
      }),
    );

  media
    .command('reprocess')
    .description("Enqueue processing again for media whose original was never made (interrupted, or failed with --failed); a media process's worker runs the jobs")
    .option('--failed', 'include media whose processing failed for good')
    .option('--id <id>', 'only this attachment (repeatable)', attachmentId)
    .action((options: { failed?: boolean; id?: bigint[] }) =>
      withContext(newContext, async (ctx) => {
        const maintenance = await ctx.media();
        const progress: { bar?: Progress } = {};
        const enqueued = await maintenance.reprocess({ ids: options.id, includeFailed: options.failed === true }, (done, total) => {
          progress.bar ??= ctx.output.progress('media enqueued', total);
          progress.bar.tick(done);
        });
        progress.bar?.finish();
        for (const id of enqueued) ctx.output.out(`enqueued ${id}`);
        ctx.output.out(`Enqueued ${enqueued.length} media attachment${enqueued.length === 1 ? '' : 's'} for processing.`);
      }),
    );
}
