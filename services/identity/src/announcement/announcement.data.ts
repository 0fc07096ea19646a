import type { PrismaClient } from '@social/db';

export interface AnnouncementRecord {
  id: bigint;
  text: string;
  startsAt: Date | null;
  endsAt: Date | null;
  allDay: boolean;
  published: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AnnouncementFields {
  text?: string;
  startsAt?: Date | null;
  endsAt?: Date | null;
  allDay?: boolean;
  published?: boolean;
  publishedAt?: Date | null;
}

/** One reaction name's count on an announcement, and whether the viewer is among its reactors. */
export interface ReactionCount {
  announcementId: bigint;
  name: string;
  count: number;
  me: boolean;
}

/** The announcements tables (docs/api/announcements.md): announcements, who dismissed them, reactions. */
export class AnnouncementData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Published and not ended, in Mastodon's chronological order: by start, else publication. */
  current(): Promise<AnnouncementRecord[]> {
    return this.prisma.$queryRaw<AnnouncementRecord[]>`
      SELECT id, text, starts_at AS "startsAt", ends_at AS "endsAt", all_day AS "allDay", published, published_at AS "publishedAt",
             created_at AS "createdAt", updated_at AS "updatedAt"
      FROM announcements WHERE published AND (ends_at IS NULL OR ends_at > now())
      ORDER BY COALESCE(starts_at, published_at, created_at) ASC, id ASC`;
  }

  /** Every announcement, newest first: what admins manage. */
  all(): Promise<AnnouncementRecord[]> {
    return this.prisma.announcement.findMany({ orderBy: { id: 'desc' } });
  }

  find(id: bigint): Promise<AnnouncementRecord | null> {
    return this.prisma.announcement.findUnique({ where: { id } });
  }

  create(fields: AnnouncementFields & { text: string }): Promise<AnnouncementRecord> {
    return this.prisma.announcement.create({ data: fields });
  }

  update(id: bigint, fields: AnnouncementFields): Promise<AnnouncementRecord> {
    return this.prisma.announcement.update({ where: { id }, data: fields });
  }

  async delete(id: bigint): Promise<void> {
    await this.prisma.announcement.deleteMany({ where: { id } });
  }

  /** Which of these announcements the account dismissed. */
  async dismissed(accountId: bigint, ids: readonly bigint[]): Promise<Set<bigint>> {
    if (ids.length === 0) return new Set();
    const rows = await this.prisma.announcementDismissal.findMany({ where: { accountId, announcementId: { in: [...ids] } }, select: { announcementId: true } });
    return new Set(rows.map((row) => row.announcementId));
  }

  async dismiss(accountId: bigint, announcementId: bigint): Promise<void> {
    await this.prisma.announcementDismissal.upsert({
      where: { accountId_announcementId: { accountId, announcementId } },
      create: { accountId, announcementId },
      update: {},
    });
  }

  /** The reactions of these announcements, per name, oldest name first; `me` for `viewer`'s own. */
  async reactions(ids: readonly bigint[], viewer: bigint | null): Promise<ReactionCount[]> {
    if (ids.length === 0) return [];
    const rows = await this.prisma.$queryRaw<Array<{ announcement_id: bigint; name: string; count: number; me: boolean }>>`
      SELECT announcement_id, name, count(*)::int AS count, bool_or(account_id = ${viewer ?? 0n}::bigint) AS me
      FROM announcement_reactions WHERE announcement_id = ANY(${[...ids]}::bigint[])
      GROUP BY announcement_id, name ORDER BY announcement_id, min(id)`;
    return rows.map((row) => ({ announcementId: BigInt(row.announcement_id), name: row.name, count: row.count, me: row.me }));
  }

  /** The distinct reaction names of an announcement. */
  async reactionNames(announcementId: bigint): Promise<string[]> {
    const rows = await this.prisma.announcementReaction.findMany({ where: { announcementId }, distinct: ['name'], select: { name: true } });
    return rows.map((row) => row.name);
  }

  /** Adds the account's reaction (again: nothing changes); answers the name's count after. */
  async react(accountId: bigint, announcementId: bigint, name: string): Promise<number> {
    await this.prisma.announcementReaction.upsert({
      where: { accountId_announcementId_name: { accountId, announcementId, name } },
      create: { accountId, announcementId, name },
      update: {},
    });
    return this.prisma.announcementReaction.count({ where: { announcementId, name } });
  }

  /** Removes the account's reaction; answers whether there was one, and the name's count after. */
  async unreact(accountId: bigint, announcementId: bigint, name: string): Promise<{ removed: boolean; count: number }> {
    const { count: removed } = await this.prisma.announcementReaction.deleteMany({ where: { accountId, announcementId, name } });
    return { removed: removed > 0, count: await this.prisma.announcementReaction.count({ where: { announcementId, name } }) };
  }
}
