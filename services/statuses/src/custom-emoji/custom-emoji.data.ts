import type { PrismaClient } from '@social/db';

/** Reads identity's custom_emojis (a declared foreign read: shortcode, disabled). */
export class CustomEmojiData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Whether each shortcode names an enabled custom emoji, in order. */
  async enabled(codes: readonly string[]): Promise<boolean[]> {
    const rows = await this.prisma.$queryRaw<Array<{ shortcode: string }>>`
      SELECT shortcode FROM custom_emojis WHERE shortcode = ANY(${[...codes]}::text[]) AND NOT disabled`;
    const found = new Set(rows.map((row) => row.shortcode));
    return codes.map((code) => found.has(code));
  }
}
