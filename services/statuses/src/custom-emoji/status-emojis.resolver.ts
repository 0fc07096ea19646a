import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { emojiShortcodes } from '@social/content';
import type { StatusesContext } from '../context.js';
import { StatusEdit } from '../edit/edit.type.js';
import { Poll } from '../poll/poll.type.js';
import { Status } from '../status/status.type.js';
import type { CustomEmojiData } from './custom-emoji.data.js';
import { CustomEmojiReference } from './custom-emoji.stub.js';

/**
 * The enabled custom emojis some texts hold, as references identity
 * completes (docs/api/custom-emojis.md). Which shortcodes are enabled is one
 * batched read of custom_emojis per request, shared by statuses, polls and
 * edits, and only for texts holding a `:shortcode:` at all.
 */
class EmojiLookup {
  private readonly loaders = new WeakMap<StatusesContext, DataLoader<string, boolean>>();

  constructor(private readonly data: CustomEmojiData) {}

  async in(ctx: StatusesContext, ...texts: ReadonlyArray<string | null | undefined>): Promise<CustomEmojiReference[]> {
    const codes = emojiShortcodes(...texts);
    if (codes.length === 0) return [];
    const enabled = await this.loaderOf(ctx).loadMany(codes);
    return codes.filter((_, index) => enabled[index] === true).map((shortcode) => ({ shortcode }));
  }

  private loaderOf(ctx: StatusesContext): DataLoader<string, boolean> {
    let loader = this.loaders.get(ctx);
    if (!loader) {
      loader = new DataLoader((codes: readonly string[]) => this.data.enabled(codes));
      this.loaders.set(ctx, loader);
    }
    return loader;
  }
}

/** Status.emojis: those its content warning and text hold. */
@Resolver(() => Status)
class StatusEmojisResolver {
  constructor(private readonly lookup: EmojiLookup) {}

  @FieldResolver(() => [CustomEmojiReference], { description: 'The custom emojis its content warning and text hold (their :shortcode:s stay as text in them).' })
  emojis(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<CustomEmojiReference[]> {
    return this.lookup.in(ctx, status.spoilerText, status.content);
  }
}

/** Poll.emojis: those its answers hold, as Mastodon's Poll#emojis reads them (docs/api/polls.md). */
@Resolver(() => Poll)
class PollEmojisResolver {
  constructor(private readonly lookup: EmojiLookup) {}

  @FieldResolver(() => [CustomEmojiReference], { description: 'The custom emojis its answers hold (their :shortcode:s stay as text in them).' })
  emojis(@Root() poll: Poll, @Ctx() ctx: StatusesContext): Promise<CustomEmojiReference[]> {
    return this.lookup.in(ctx, ...poll.options.map((option) => option.title));
  }
}

/** StatusEdit.emojis: those the version's content warning and text hold (docs/api/edits.md#history). */
@Resolver(() => StatusEdit)
class StatusEditEmojisResolver {
  constructor(private readonly lookup: EmojiLookup) {}

  @FieldResolver(() => [CustomEmojiReference], { description: "The custom emojis this version's content warning and text hold (their :shortcode:s stay as text in them)." })
  emojis(@Root() edit: StatusEdit, @Ctx() ctx: StatusesContext): Promise<CustomEmojiReference[]> {
    return this.lookup.in(ctx, edit.spoilerText, edit.content);
  }
}

/** The `emojis` of statuses, polls and status edits, over one lookup. */
export function emojiResolvers(data: CustomEmojiData): object[] {
  const lookup = new EmojiLookup(data);
  return [new StatusEmojisResolver(lookup), new PollEmojisResolver(lookup), new StatusEditEmojisResolver(lookup)];
}
