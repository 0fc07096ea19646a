import type { PrismaClient } from '@social/db';

export interface CustomEmojiRecord {
  id: bigint;
  shortcode: string;
  imageKey: string;
  staticKey: string;
  category: string | null;
  visibleInPicker: boolean;
  disabled: boolean;
}

export interface CustomEmojiChanges {
  imageKey?: string;
  staticKey?: string;
  category?: string | null;
  visibleInPicker?: boolean;
  disabled?: boolean;
}

/** The custom_emojis table (docs/api/custom-emojis.md). */
export class CustomEmojiData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Enabled and offered in pickers: GET /api/v1/custom_emojis (Mastodon's CustomEmoji.listed), oldest first. */
  listed(): Promise<CustomEmojiRecord[]> {
    return this.prisma.customEmoji.findMany({ where: { disabled: false, visibleInPicker: true }, orderBy: { id: 'asc' } });
  }

  /** Every one, disabled too, by shortcode: what admins manage. */
  all(): Promise<CustomEmojiRecord[]> {
    return this.prisma.customEmoji.findMany({ orderBy: { shortcode: 'asc' } });
  }

  /** The enabled ones among these shortcodes, in their order (null for the others): what text shows. */
  async enabled(shortcodes: readonly string[]): Promise<Array<CustomEmojiRecord | null>> {
    const rows = await this.prisma.customEmoji.findMany({ where: { shortcode: { in: [...shortcodes] }, disabled: false } });
    const byCode = new Map(rows.map((row) => [row.shortcode, row]));
    return shortcodes.map((code) => byCode.get(code) ?? null);
  }

  find(shortcode: string): Promise<CustomEmojiRecord | null> {
    return this.prisma.customEmoji.findUnique({ where: { shortcode } });
  }

  /** A new row, disabled and without images until they are stored (an id names the images' folder); null when the shortcode is taken. */
  async reserve(shortcode: string): Promise<CustomEmojiRecord | null> {
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      INSERT INTO custom_emojis (shortcode, image_key, static_key, disabled, updated_at) VALUES (${shortcode}, '', '', true, now())
      ON CONFLICT (shortcode) DO NOTHING RETURNING id`;
    return rows.length === 0 ? null : this.prisma.customEmoji.findUnique({ where: { id: rows[0].id } });
  }

  update(id: bigint, changes: CustomEmojiChanges): Promise<CustomEmojiRecord> {
    return this.prisma.customEmoji.update({ where: { id }, data: changes });
  }

  async delete(id: bigint): Promise<void> {
    await this.prisma.customEmoji.deleteMany({ where: { id } });
  }
}
