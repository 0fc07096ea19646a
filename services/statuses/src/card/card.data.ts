import { col, Entity, sqlOf, statement, type PrismaClient } from '@social/db';
import type { PageDetails } from './card-parse.js';

export type CardRecord = PageDetails & { blurhash: string | null };

/** The preview_cards columns a card shows, named as CardRecord's fields (the status read carries them too). */
export const PREVIEW_CARD = new Entity({
  url: ['url', col.text],
  title: ['title', col.text],
  description: ['description', col.text],
  type: ['type', col.textOf<PageDetails['type']>()],
  authorName: ['author_name', col.text],
  authorUrl: ['author_url', col.text],
  providerName: ['provider_name', col.text],
  providerUrl: ['provider_url', col.text],
  html: ['html', col.text],
  width: ['width', col.int],
  height: ['height', col.int],
  imageUrl: ['image_url', col.nullable(col.text)],
  imageDescription: ['image_description', col.text],
  embedUrl: ['embed_url', col.text],
  blurhash: ['blurhash', col.nullable(col.text)],
  language: ['language', col.nullable(col.text)],
  publishedAt: ['published_at', col.nullable(col.timestamp)],
});

const CARDS_BY_STATUS = statement(
  'statuses.cardsByStatus',
  ['bigint[]'],
  { statusId: col.text, ...PREVIEW_CARD.shape },
  `SELECT sc.status_id::text AS "statusId", ${PREVIEW_CARD.select('pc')}
  FROM statuses_preview_cards sc JOIN preview_cards pc ON pc.id = sc.preview_card_id
  WHERE sc.status_id = ANY($1::bigint[])`,
);

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
    const rows = await sqlOf(this.prisma).query(CARDS_BY_STATUS, statusIds);
    const byStatus = new Map(rows.map(({ statusId, ...card }) => [statusId, card]));
    return statusIds.map((id) => byStatus.get(id) ?? null);
  }
}
