import type { PrismaClient } from '@social/db';
import type { PageDetails } from './card-parse.js';

export type CardRecord = PageDetails & { blurhash: string | null };

const CARD_SELECT = {
  url: true, title: true, description: true, type: true, authorName: true, authorUrl: true, providerName: true, providerUrl: true,
  html: true, width: true, height: true, imageUrl: true, imageDescription: true, embedUrl: true, blurhash: true, language: true, publishedAt: true,
} as const;

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

  async byStatusIds(statusIds: readonly string[]): Promise<Array<CardRecord | null>> {
    const rows = await this.prisma.statusCard.findMany({
      where: { statusId: { in: statusIds.map(BigInt) } },
      select: { statusId: true, previewCard: { select: CARD_SELECT } },
    });
    const byStatus = new Map(rows.map((row) => [row.statusId.toString(), row.previewCard]));
    return statusIds.map((id) => {
      const card = byStatus.get(id);
      return card ? { ...card, type: card.type as PageDetails['type'] } : null;
    });
  }
}
