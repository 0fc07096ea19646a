import { InvalidArgumentError, type Command } from 'commander';
import { ANONYMOUS } from '@social/federation';
import type { Announcement } from '@social/identity';
import { withContext, type NewContext } from './run.js';

function date(value: string): Date {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new InvalidArgumentError('must be a date and time, e.g. 2026-12-01T10:00:00Z');
  return parsed;
}

function announcementRow(announcement: Announcement): string {
  const when = [announcement.startsAt?.toISOString(), announcement.endsAt?.toISOString()].filter(Boolean).join(' - ');
  const text = announcement.text.length > 60 ? `${announcement.text.slice(0, 59)}…` : announcement.text;
  return [announcement.id, announcement.published ? 'published' : 'draft', when || '-', text.replace(/\s+/g, ' ')].join('  ');
}

/** Announcements (docs/api/announcements.md): what the admins' mutations do, from the command line; streams hear of them through Redis. */
export function announcementCommands(program: Command, newContext: NewContext): void {
  const announcements = program.command('announcements').description('Announcements to every user: create, list, publish, unpublish, delete');

  announcements
    .command('create <text>')
    .description('Create an announcement, published at once unless --draft')
    .option('--starts-at <date>', 'when the announced event starts', date)
    .option('--ends-at <date>', 'when it ends (the announcement is no longer shown after it)', date)
    .option('--all-day', 'the event lasts whole days')
    .option('--draft', 'keep it unpublished')
    .action((text: string, options: { startsAt?: Date; endsAt?: Date; allDay?: boolean; draft?: boolean }) =>
      withContext(newContext, async (ctx) => {
        const created = await (await ctx.announcements()).create(
          { text, startsAt: options.startsAt ?? null, endsAt: options.endsAt ?? null, allDay: options.allDay === true, published: options.draft !== true },
          ANONYMOUS,
        );
        ctx.output.out(`Created announcement ${created.id} (${created.published ? 'published' : 'draft'}).`);
      }),
    );

  announcements
    .command('list')
    .description('List every announcement, newest first: id, state, event times, text')
    .action(() =>
      withContext(newContext, async (ctx) => {
        const all = await (await ctx.announcements()).all(ANONYMOUS);
        for (const announcement of all) ctx.output.out(announcementRow(announcement));
        ctx.output.out(`${all.length} announcement${all.length === 1 ? '' : 's'}.`);
      }),
    );

  for (const [name, published] of [['publish', true], ['unpublish', false]] as const) {
    announcements
      .command(`${name} <id>`)
      .description(published ? 'Publish an announcement: users see it' : 'Take an announcement back: users no longer see it')
      .action((id: string) =>
        withContext(newContext, async (ctx) => {
          const changed = await (await ctx.announcements()).update({ announcementId: id, published }, ANONYMOUS);
          ctx.output.out(`Announcement ${changed.id} is ${published ? 'published' : 'unpublished'}.`);
        }),
      );
  }

  announcements
    .command('delete <id>')
    .description('Delete an announcement, its dismissals and reactions')
    .action((id: string) =>
      withContext(newContext, async (ctx) => {
        ctx.output.out(`Deleted announcement ${await (await ctx.announcements()).delete(id)}.`);
      }),
    );
}
