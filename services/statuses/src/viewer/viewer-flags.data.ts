import type { PrismaClient } from '@social/db';

/**
 * The per-viewer flags of many statuses at once: one query per flag for a
 * whole page (Mastodon's StatusRelationshipsPresenter), each answering in
 * the order of the ids asked.
 */
export class ViewerFlagsData {
  constructor(private readonly prisma: PrismaClient) {}

  async favourited(viewerId: bigint, statusIds: readonly string[]): Promise<boolean[]> {
    const rows = await this.prisma.favourite.findMany({
      where: { accountId: viewerId, statusId: { in: statusIds.map(BigInt) } },
      select: { statusId: true },
    });
    return flags(statusIds, rows.map((row) => row.statusId));
  }

  async reblogged(viewerId: bigint, statusIds: readonly string[]): Promise<boolean[]> {
    const rows = await this.prisma.status.findMany({
      where: { accountId: viewerId, reblogOfId: { in: statusIds.map(BigInt) } },
      select: { reblogOfId: true },
    });
    return flags(statusIds, rows.map((row) => row.reblogOfId as bigint));
  }

  async bookmarked(viewerId: bigint, statusIds: readonly string[]): Promise<boolean[]> {
    const rows = await this.prisma.bookmark.findMany({
      where: { accountId: viewerId, statusId: { in: statusIds.map(BigInt) } },
      select: { statusId: true },
    });
    return flags(statusIds, rows.map((row) => row.statusId));
  }

  async pinned(viewerId: bigint, statusIds: readonly string[]): Promise<boolean[]> {
    const rows = await this.prisma.statusPin.findMany({
      where: { accountId: viewerId, statusId: { in: statusIds.map(BigInt) } },
      select: { statusId: true },
    });
    return flags(statusIds, rows.map((row) => row.statusId));
  }

  /** Keyed by conversation id. */
  async mutedConversations(viewerId: bigint, conversationIds: readonly string[]): Promise<boolean[]> {
    const rows = await this.prisma.conversationMute.findMany({
      where: { accountId: viewerId, conversationId: { in: conversationIds.map(BigInt) } },
      select: { conversationId: true },
    });
    return flags(conversationIds, rows.map((row) => row.conversationId));
  }
}

function flags(ids: readonly string[], found: bigint[]): boolean[] {
  const set = new Set(found.map(String));
  return ids.map((id) => set.has(id));
}
