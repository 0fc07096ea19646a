import type { PrismaClient } from '@social/db';
import type { PageDetails } from './card-parse.js';

export type CardRecord = PageDetails & { blurhash: string | null };

/** The `preview_cards` table (one row per page URL) and the link of a status to its card. */
export class CardData {
  constructor(private readonly prisma: PrismaClient) {}

  /** What the card job needs of a status; null when it is gone. */
  async statusForCard(id: bigint): Promise<{ text: string; isBoost: boolean } | null> {
    const row = await this.prisma.status.findUnique({ where: { id }, select: { text: true, reblogOfId: true } });
    return row ? { text: row.text, isBoost: row.reblogOfId !== null } : null;
  }

  /** Stores the page's card (refreshing an earlier one of the same URL) and links the status to it; idempotent. */
  async attach(statusId: bigint, card: PageDetails): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { id } = await tx.previewCard.upsert({ where: { url: card.url }, create: card, update: card, select: { id: true } });
      // The status may have been deleted while its page was fetched: then there is nothing to link.
      await tx.$executeRaw`
        INSERT INTO statuses_preview_cards (status_id, preview_card_id) SELECT ${statusId}, ${id} WHERE EXISTS (SELECT 1 FROM statuses WHERE id = ${statusId})
        ON CONFLICT (status_id) DO UPDATE SET preview_card_id = EXCLUDED.preview_card_id`;
    });
  }

  /** The cards of these statuses, in their order (null where none): one statement, as every status read asks it. */
  async byStatusIds(statusIds: readonly string[]): Promise<Array<CardRecord | null>> {
    const rows = await this.prisma.$queryRaw<CardRow[]>`
      SELECT sc.status_id::text AS status_id, pc.url, pc.title, pc.description, pc.type, pc.author_name, pc.author_url,
             pc.provider_name, pc.provider_url, pc.html, pc.width, pc.height, pc.image_url, pc.image_description,
             pc.embed_url, pc.blurhash, pc.language, pc.published_at
      FROM statuses_preview_cards sc JOIN preview_cards pc ON pc.id = sc.preview_card_id
      WHERE sc.status_id = ANY(${statusIds.map(String)}::text[]::bigint[])`;
    const byStatus = new Map(rows.map((row) => [row.status_id, row]));
    return statusIds.map((id) => {
      const row = byStatus.get(id);
      if (!row) return null;
      return {
        url: row.url,
        title: row.title,
        description: row.description,
        type: row.type as PageDetails['type'],
        authorName: row.author_name,
        authorUrl: row.author_url,
        providerName: row.provider_name,
        providerUrl: row.provider_url,
        html: row.html,
        width: Number(row.width),
        height: Number(row.height),
        imageUrl: row.image_url,
        imageDescription: row.image_description,
        embedUrl: row.embed_url,
        blurhash: row.blurhash,
        language: row.language,
        publishedAt: row.published_at === null ? null : new Date(row.published_at),
      };
    });
  }
}

interface CardRow {
  status_id: string;
  url: string;
  title: string;
  description: string;
  type: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  image_url: string | null;
  image_description: string;
  embed_url: string;
  blurhash: string | null;
  language: string | null;
  published_at: Date | string | null;
}
