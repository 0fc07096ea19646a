import { AppError } from '@social/errors';
import { SHORTCODE, SHORTCODE_MAX_LENGTH } from '@social/content';
import type { ProfileImages, StagedImage } from '../profile/profile-images.js';
import type { CustomEmojiData, CustomEmojiRecord } from './custom-emoji.data.js';
import type { CustomEmoji } from './custom-emoji.type.js';

/** A picker category's longest name. */
const CATEGORY_MAX_LENGTH = 64;

export interface NewCustomEmoji {
  shortcode: string;
  image: StagedImage;
  category?: string | null;
  visibleInPicker?: boolean | null;
}

export interface CustomEmojiUpdate {
  shortcode: string;
  category?: string | null;
  visibleInPicker?: boolean | null;
  disabled?: boolean | null;
}

function invalid(field: string, problem: string, error = 'ERR_INVALID'): AppError {
  const label = field[0].toUpperCase() + field.slice(1);
  return AppError.validation([`${label} ${problem}`], { [field]: [{ error, description: problem }] }, ['input', field]);
}

/** A category as kept: trimmed, null when blank. */
function categoryOf(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  if (trimmed.length > CATEGORY_MAX_LENGTH) throw invalid('category', `is too long (maximum is ${CATEGORY_MAX_LENGTH} characters)`, 'ERR_TOO_LONG');
  return trimmed === '' ? null : trimmed;
}

/**
 * Custom emojis (docs/api/custom-emojis.md): what everyone sees, and the
 * admins' writes (the GraphQL mutations and the admin CLI alike). Images go
 * through the media service's image processing, as avatars do.
 */
export class CustomEmojiService {
  constructor(
    private readonly data: CustomEmojiData,
    private readonly images: ProfileImages,
    private readonly publicUrl: string,
  ) {}

  toEmoji(record: CustomEmojiRecord): CustomEmoji {
    return {
      shortcode: record.shortcode,
      url: `${this.publicUrl}/system/${record.imageKey}`,
      staticUrl: `${this.publicUrl}/system/${record.staticKey}`,
      visibleInPicker: record.visibleInPicker,
      category: record.category,
      disabled: record.disabled,
    };
  }

  async listed(): Promise<CustomEmoji[]> {
    return (await this.data.listed()).map((record) => this.toEmoji(record));
  }

  async all(): Promise<CustomEmoji[]> {
    return (await this.data.all()).map((record) => this.toEmoji(record));
  }

  /** Adds an emoji: a shortcode taken or malformed, or an image refused, is a validation error and leaves nothing behind. */
  async create(input: NewCustomEmoji): Promise<CustomEmoji> {
    const shortcode = input.shortcode.trim();
    if (!SHORTCODE.test(shortcode) || shortcode.length > SHORTCODE_MAX_LENGTH) {
      throw invalid('shortcode', `must be letters, digits or underscores, from 2 to ${SHORTCODE_MAX_LENGTH}`);
    }
    const category = categoryOf(input.category);
    const reserved = await this.data.reserve(shortcode);
    if (!reserved) throw invalid('shortcode', 'has already been taken', 'ERR_TAKEN');
    let stored: { key: string; staticKey: string | null };
    try {
      stored = await this.images.store(reserved.id.toString(), 'emoji', input.image);
    } catch (error) {
      await this.data.delete(reserved.id);
      throw error;
    }
    const record = await this.data.update(reserved.id, {
      imageKey: stored.key,
      staticKey: stored.staticKey ?? stored.key,
      category: category ?? null,
      visibleInPicker: input.visibleInPicker ?? true,
      disabled: false,
    });
    return this.toEmoji(record);
  }

  async update(input: CustomEmojiUpdate): Promise<CustomEmoji> {
    const record = await this.existing(input.shortcode);
    const category = categoryOf(input.category);
    const changes = {
      ...(category === undefined ? {} : { category }),
      ...(typeof input.visibleInPicker === 'boolean' ? { visibleInPicker: input.visibleInPicker } : {}),
      ...(typeof input.disabled === 'boolean' ? { disabled: input.disabled } : {}),
    };
    return this.toEmoji(await this.data.update(record.id, changes));
  }

  /** Deletes an emoji and its images; text that holds its shortcode shows it as text from then on. */
  async delete(shortcode: string): Promise<string> {
    const record = await this.existing(shortcode);
    await this.data.delete(record.id);
    await this.images.remove([record.imageKey, record.staticKey].filter((key) => key !== ''));
    return record.shortcode;
  }

  private async existing(shortcode: string): Promise<CustomEmojiRecord> {
    const record = await this.data.find(shortcode.trim());
    if (!record) throw AppError.notFound();
    return record;
  }
}
