import DataLoader from 'dataloader';
import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { emojiShortcodes } from '@social/content';
import { AdminAccess, acceptedScopes, payload } from '@social/federation';
import { Account } from '../account/account.type.js';
import type { IdentityContext } from '../context.js';
import type { CustomEmojiData, CustomEmojiRecord } from './custom-emoji.data.js';
import type { CustomEmojiService } from './custom-emoji.service.js';
import {
  CreateCustomEmojiInput,
  CustomEmoji,
  CreateCustomEmojiPayload,
  DeleteCustomEmojiInput,
  DeleteCustomEmojiPayload,
  UpdateCustomEmojiInput,
  UpdateCustomEmojiPayload,
} from './custom-emoji.type.js';

const ADMIN_READ = acceptedScopes('admin:read');
const ADMIN_WRITE = acceptedScopes('admin:write');

/** The enabled emojis by shortcode, one batched read per request: what text shows. */
export class EnabledEmojis {
  private readonly loaders = new WeakMap<IdentityContext, DataLoader<string, CustomEmojiRecord | null>>();

  constructor(private readonly data: CustomEmojiData) {}

  of(ctx: IdentityContext): DataLoader<string, CustomEmojiRecord | null> {
    let loader = this.loaders.get(ctx);
    if (!loader) {
      loader = new DataLoader((shortcodes: readonly string[]) => this.data.enabled(shortcodes));
      this.loaders.set(ctx, loader);
    }
    return loader;
  }

  /** The enabled emojis among these shortcodes, in their order. */
  async inOrder(shortcodes: readonly string[], ctx: IdentityContext): Promise<CustomEmojiRecord[]> {
    if (shortcodes.length === 0) return [];
    const found = await this.of(ctx).loadMany(shortcodes);
    return found.filter((record): record is CustomEmojiRecord => record !== null && !(record instanceof Error));
  }
}

/** The server's custom emojis: the public list, the admins' list and writes (docs/api/custom-emojis.md). */
@Resolver(() => CustomEmoji)
export class CustomEmojiResolver {
  constructor(private readonly service: CustomEmojiService) {}

  @Query(() => [CustomEmoji], { description: "The server's custom emojis offered in pickers, enabled ones only, oldest first (GET /api/v1/custom_emojis). Public." })
  customEmojis(): Promise<CustomEmoji[]> {
    return this.service.listed();
  }

  @Query(() => [CustomEmoji], { description: 'Every custom emoji, disabled and unlisted ones too, by shortcode. Admin scope admin:read, permission manage_custom_emojis.' })
  @AdminAccess(ADMIN_READ, 'manage_custom_emojis')
  adminCustomEmojis(): Promise<CustomEmoji[]> {
    return this.service.all();
  }

  @Mutation(() => CreateCustomEmojiPayload, { description: 'Adds a custom emoji. Admin scope admin:write, permission manage_custom_emojis.' })
  @AdminAccess(ADMIN_WRITE, 'manage_custom_emojis')
  createCustomEmoji(@Arg('input', () => CreateCustomEmojiInput, { description: 'The emoji.' }) input: CreateCustomEmojiInput): Promise<CreateCustomEmojiPayload> {
    return payload(async () => ({ customEmoji: await this.service.create(input) }), { customEmoji: null });
  }

  @Mutation(() => UpdateCustomEmojiPayload, { description: "Changes a custom emoji's category, picker visibility or disabled state. Admin scope admin:write, permission manage_custom_emojis." })
  @AdminAccess(ADMIN_WRITE, 'manage_custom_emojis')
  updateCustomEmoji(@Arg('input', () => UpdateCustomEmojiInput, { description: 'The changes.' }) input: UpdateCustomEmojiInput): Promise<UpdateCustomEmojiPayload> {
    return payload(async () => ({ customEmoji: await this.service.update(input) }), { customEmoji: null });
  }

  @Mutation(() => DeleteCustomEmojiPayload, { description: 'Deletes a custom emoji and its images. Admin scope admin:write, permission manage_custom_emojis.' })
  @AdminAccess(ADMIN_WRITE, 'manage_custom_emojis')
  deleteCustomEmoji(@Arg('input', () => DeleteCustomEmojiInput, { description: 'The emoji.' }) input: DeleteCustomEmojiInput): Promise<DeleteCustomEmojiPayload> {
    return payload(async () => ({ deletedShortcode: await this.service.delete(input.shortcode) }), { deletedShortcode: null });
  }
}

/** Account.emojis: the enabled custom emojis its display name, note and fields hold, as Mastodon fills them. */
@Resolver(() => Account)
export class AccountEmojisResolver {
  constructor(
    private readonly service: CustomEmojiService,
    private readonly enabled: EnabledEmojis,
  ) {}

  @FieldResolver(() => [CustomEmoji], { description: 'The custom emojis its display name, note and fields hold (their :shortcode:s stay as text in them).' })
  async emojis(@Root() account: Account, @Ctx() ctx: IdentityContext): Promise<CustomEmoji[]> {
    const codes = emojiShortcodes(account.displayName, account.note, ...account.fields.flatMap((field) => [field.name, field.value]));
    return (await this.enabled.inOrder(codes, ctx)).map((record) => this.service.toEmoji(record));
  }
}

/** A status's emoji reference (statuses names the shortcode): the emoji while it is enabled, else null. */
export function resolveCustomEmojiReference(service: CustomEmojiService, enabled: EnabledEmojis) {
  return async (reference: { shortcode: string }, ctx: IdentityContext): Promise<CustomEmoji | null> => {
    const record = await enabled.of(ctx).load(reference.shortcode);
    return record ? service.toEmoji(record) : null;
  };
}
