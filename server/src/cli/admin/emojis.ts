import type { Command } from 'commander';
import type { CustomEmoji } from '@social/identity';
import { withContext, type NewContext } from './run.js';

function emojiRow(emoji: CustomEmoji): string {
  const flags = [emoji.disabled ? 'disabled' : '', emoji.visibleInPicker ? '' : 'unlisted'].filter(Boolean).join(',');
  return [`:${emoji.shortcode}:`, emoji.category ?? '-', flags || '-', emoji.url].join('  ');
}

/** Custom emojis (docs/api/custom-emojis.md): what the admins' mutations do, from the command line. */
export function emojiCommands(program: Command, newContext: NewContext): void {
  const emoji = program.command('emoji').description('Custom emojis: add, list, remove');

  emoji
    .command('add <shortcode> <file>')
    .description('Add a custom emoji from an image file (PNG, GIF or WebP under 256 KB)')
    .option('--category <name>', 'the picker category')
    .option('--unlisted', 'not offered in pickers (still shown in text)')
    .action((shortcode: string, file: string, options: { category?: string; unlisted?: boolean }) =>
      withContext(newContext, async (ctx) => {
        const { service, stage } = await ctx.customEmojis();
        const created = await service.create({ shortcode, image: await stage(file), category: options.category ?? null, visibleInPicker: options.unlisted !== true });
        ctx.output.out(`Added :${created.shortcode}: (${created.url}).`);
      }),
    );

  emoji
    .command('list')
    .description('List every custom emoji: shortcode, category, flags, image')
    .action(() =>
      withContext(newContext, async (ctx) => {
        const all = await (await ctx.customEmojis()).service.all();
        for (const known of all) ctx.output.out(emojiRow(known));
        ctx.output.out(`${all.length} custom emoji${all.length === 1 ? '' : 's'}.`);
      }),
    );

  emoji
    .command('remove <shortcode>')
    .description('Delete a custom emoji and its images')
    .action((shortcode: string) =>
      withContext(newContext, async (ctx) => {
        const removed = await (await ctx.customEmojis()).service.delete(shortcode.replace(/^:|:$/g, ''));
        ctx.output.out(`Removed :${removed}:.`);
      }),
    );
}
