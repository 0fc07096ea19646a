import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { emojiShortcodes } from '@social/content';
import type { StatusesContext } from '../context.js';
import { Status } from '../status/status.type.js';
import type { CustomEmojiData } from './custom-emoji.data.js';
import { CustomEmojiReference } from './custom-emoji.stub.js';

/**
 * Status.emojis: the enabled custom emojis its content warning and text hold,
 * as references identity completes (docs/api/custom-emojis.md). Which
 * shortcodes are enabled is one batched read of custom_emojis per request,
 * and only for statuses holding a `:shortcode:` at all.
 */
@Resolver(() => Status)
export class StatusEmojisResolver {
  private readonly loaders = new WeakMap<StatusesContext, DataLoader<string, boolean>>();

  constructor(private readonly data: CustomEmojiData) {}

  @FieldResolver(() => [CustomEmojiReference], { description: 'The custom emojis its content warning and text hold (their :shortcode:s stay as text in them).' })
  async emojis(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<CustomEmojiReference[]> {
    const codes = emojiShortcodes(status.spoilerText, status.content);
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
