import type { PrismaClient } from '@social/db';

/**
 * The per-viewer flags of many statuses at once: one query per flag for a
 * whole page (Mastodon's StatusRelationshipsPresenter), each answering in
 * the order of the ids asked.
 */
export interface StatusFlags {
  favourited: boolean;
  reblogged: boolean;
  bookmarked: boolean;
  pinned: boolean;
}

export class ViewerFlagsData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Four flags of many statuses in one statement (each is a probe of a
   * unique index): a signed-in read asks for all of them, and four queries
   * cost four round trips.
   */
  async statusFlags(viewerId: bigint, statusIds: readonly string[]): Promise<StatusFlags[]> {
    const rows = await this.prisma.$queryRaw<Array<StatusFlags & { id: string }>>`
      SELECT x.id::text AS id,
        EXISTS (SELECT 1 FROM favourites f WHERE f.account_id = ${viewerId} AND f.status_id = x.id) AS favourited,
        EXISTS (SELECT 1 FROM statuses r WHERE r.reblog_of_id = x.id AND r.account_id = ${viewerId}) AS reblogged,
        EXISTS (SELECT 1 FROM bookmarks b WHERE b.account_id = ${viewerId} AND b.status_id = x.id) AS bookmarked,
        EXISTS (SELECT 1 FROM status_pins p WHERE p.account_id = ${viewerId} AND p.status_id = x.id) AS pinned
      FROM unnest(${statusIds.map(String)}::text[]::bigint[]) AS x(id)`;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const none: StatusFlags = { favourited: false, reblogged: false, bookmarked: false, pinned: false };
    return statusIds.map((id) => byId.get(id) ?? none);
  }

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
