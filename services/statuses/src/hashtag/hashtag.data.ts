import { col, Entity, Prisma, snowflakeAt, sqlOf, statement, type PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

/** A stored hashtag: its lookup form and its name as first written. */
export interface TagRow {
  id: bigint;
  name: string;
  displayName: string;
}

/** A followed hashtag, with the follow's id (the page cursor). */
export interface TagFollowRow extends TagRow {
  followId: bigint;
}

/** One day of a hashtag's use: the day's start (UTC) in Unix seconds, statuses and distinct authors. */
export interface TagDayRow {
  day: number;
  uses: number;
  accounts: number;
}

/** A featured hashtag with its owner's public uses of it. */
export interface FeaturedTagRow extends TagRow {
  featuredId: bigint;
  accountId: bigint;
  statusesCount: number;
  lastStatusAt: Date | null;
}

/** Most featured hashtags per account (Mastodon's FeaturedTag::LIMIT). */
export const FEATURED_TAG_LIMIT = 10;

const DAY_MS = 86_400_000;

/** The last `days` days (today, UTC, first) with no use: a hashtag's history before any row is counted in. */
export function emptyHistory(days: number, now: Date): TagDayRow[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => ({ day: (today - i * DAY_MS) / 1000, uses: 0, accounts: 0 }));
}

/** A stored hashtag's columns, read as a TagRow (docs/data-access.md: one column list per entity). */
export const TAG = new Entity({ id: ['id', col.bigint], name: ['name', col.text], displayName: ['display_name', col.text] });

const TAGS_BY_NAME = statement('statuses.tagsByName', ['text[]'], TAG.shape, `SELECT ${TAG.select('t')} FROM tags t WHERE t.name = ANY($1::text[])`);

const TAG_VIEWER_FLAGS = statement(
  'statuses.tagViewerFlags',
  ['bigint', 'bigint[]'],
  { id: col.bigint, following: col.bool, featuring: col.bool },
  `SELECT t.id,
    EXISTS (SELECT 1 FROM tag_follows f WHERE f.account_id = $1::bigint AND f.tag_id = t.id) AS following,
    EXISTS (SELECT 1 FROM featured_tags f WHERE f.account_id = $1::bigint AND f.tag_id = t.id) AS featuring
  FROM unnest($2::bigint[]) AS t(id)`,
);

const TAG_HISTORIES = statement(
  'statuses.tagHistories',
  ['bigint[]', 'bigint'],
  { tag_id: col.bigint, day: col.int, uses: col.int, accounts: col.int },
  `SELECT st.tag_id, (floor(extract(epoch FROM s.created_at) / 86400) * 86400)::int AS day, count(*)::int AS uses, count(DISTINCT s.account_id)::int AS accounts
  FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
  WHERE st.tag_id = ANY($1::bigint[]) AND st.status_id >= $2::bigint AND s.visibility = 'public' AND s.reblog_of_id IS NULL
  GROUP BY 1, 2`,
);

/** Whether a viewer follows and features a hashtag. */
export interface TagViewerFlags {
  following: boolean;
  featuring: boolean;
}

/**
 * Hashtags, their followers and the accounts featuring them (tags,
 * tag_follows, featured_tags; docs/api/hashtags.md). What every hashtag an
 * answer shows needs (its row, its history, the viewer's flags) is a prepared
 * statement each, for all of an answer's hashtags (the composer's
 * autocomplete asks at each keystroke); the rest is Prisma and $queryRaw.
 */
export class HashtagData {
  constructor(private readonly prisma: PrismaClient) {}

  async byNames(names: readonly string[]): Promise<TagRow[]> {
    return sqlOf(this.prisma).query(TAGS_BY_NAME, names);
  }

  /** The hashtag, stored now if no status carried it yet (following or featuring an unused one creates it, as in Mastodon). */
  async ensure(name: string, displayName: string): Promise<TagRow> {
    return this.prisma.tag.upsert({ where: { name }, create: { name, displayName }, update: {}, select: { id: true, name: true, displayName: true } });
  }

  /** Whether the account follows and features each of these hashtags. */
  async viewerFlags(accountId: bigint, tagIds: readonly bigint[]): Promise<Map<bigint, TagViewerFlags>> {
    const rows = await sqlOf(this.prisma).query(TAG_VIEWER_FLAGS, accountId, tagIds);
    return new Map(rows.map((row) => [row.id, { following: row.following, featuring: row.featuring }]));
  }

  /** Follows; following again changes nothing. */
  async follow(accountId: bigint, tagId: bigint): Promise<void> {
    await this.prisma.tagFollow.upsert({ where: { accountId_tagId: { accountId, tagId } }, create: { accountId, tagId }, update: {} });
  }

  async unfollow(accountId: bigint, tagId: bigint): Promise<void> {
    await this.prisma.tagFollow.deleteMany({ where: { accountId, tagId } });
  }

  /** The hashtags the account follows, newest follow first, paged by follow id. */
  async follows(accountId: bigint, page: PageRequest): Promise<TagFollowRow[]> {
    if (page.limit === 0) return [];
    const window = idWindow(page);
    const rows = await this.prisma.$queryRaw<Array<{ follow_id: bigint; id: bigint; name: string; display_name: string }>>`
      SELECT f.id AS follow_id, t.id, t.name, t.display_name
      FROM tag_follows f JOIN tags t ON t.id = f.tag_id
      WHERE f.account_id = ${accountId}::bigint
        ${window.where.lt === undefined ? Prisma.empty : Prisma.sql`AND f.id < ${window.where.lt}::bigint`}
        ${window.where.gt === undefined ? Prisma.empty : Prisma.sql`AND f.id > ${window.where.gt}::bigint`}
      ORDER BY f.id ${Prisma.raw(window.order === 'asc' ? 'ASC' : 'DESC')}
      LIMIT ${page.limit}::int`;
    return newestFirst(
      rows.map((row) => ({ followId: BigInt(row.follow_id), id: BigInt(row.id), name: row.name, displayName: row.display_name })),
      page,
    );
  }

  /**
   * Each hashtag's use on each of the last `days` days (today first): public
   * statuses, boosts aside, and their distinct authors; one statement for
   * all of them. Status ids are snowflakes, so the window is a range of the
   * (tag_id, status_id) index.
   */
  async histories(tagIds: readonly bigint[], days: number, now: Date): Promise<Map<bigint, TagDayRow[]>> {
    const empty = emptyHistory(days, now);
    const since = snowflakeAt(new Date(empty[empty.length - 1].day * 1000));
    const rows = tagIds.length === 0 ? [] : await sqlOf(this.prisma).query(TAG_HISTORIES, tagIds, since);
    const byTagDay = new Map(rows.map((row) => [`${row.tag_id}:${row.day}`, row]));
    return new Map(
      tagIds.map((tagId) => [
        tagId,
        empty.map(({ day }) => {
          const row = byTagDay.get(`${tagId}:${day}`);
          return row ? { day, uses: row.uses, accounts: row.accounts } : { day, uses: 0, accounts: 0 };
        }),
      ]),
    );
  }

  /** The account's featured hashtags, oldest first, with its public and unlisted statuses carrying each. */
  async featuredOf(accountId: bigint): Promise<FeaturedTagRow[]> {
    return this.featuredWhere(Prisma.sql`f.account_id = ${accountId}::bigint`);
  }

  async featuredById(accountId: bigint, featuredId: bigint): Promise<FeaturedTagRow | null> {
    return (await this.featuredWhere(Prisma.sql`f.account_id = ${accountId}::bigint AND f.id = ${featuredId}::bigint`))[0] ?? null;
  }

  private async featuredWhere(condition: Prisma.Sql): Promise<FeaturedTagRow[]> {
    const rows = await this.prisma.$queryRaw<
      Array<{ featured_id: bigint; account_id: bigint; id: bigint; name: string; display_name: string; statuses_count: number; last_status_at: Date | null }>
    >`
      SELECT f.id AS featured_id, f.account_id, t.id, t.name, t.display_name, c.statuses_count, c.last_status_at
      FROM featured_tags f JOIN tags t ON t.id = f.tag_id
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS statuses_count, max(s.created_at) AS last_status_at
        FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
        WHERE st.tag_id = f.tag_id AND s.account_id = f.account_id AND s.visibility IN ('public', 'unlisted') AND s.reblog_of_id IS NULL
      ) c
      WHERE ${condition}
      ORDER BY f.id`;
    return rows.map((row) => ({
      featuredId: BigInt(row.featured_id),
      accountId: BigInt(row.account_id),
      id: BigInt(row.id),
      name: row.name,
      displayName: row.display_name,
      statusesCount: row.statuses_count,
      lastStatusAt: row.last_status_at,
    }));
  }

  /**
   * Features the hashtag: the existing row when already featured, null when
   * the account already features the most it may. Serialised per account
   * (an advisory lock), so two requests cannot both take the last place.
   */
  async feature(accountId: bigint, tagId: bigint): Promise<bigint | null> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended(${`featured_tags:${accountId}`}::text, 0))) AS lock`;
      const existing = await tx.featuredTag.findUnique({ where: { accountId_tagId: { accountId, tagId } }, select: { id: true } });
      if (existing) return existing.id;
      if ((await tx.featuredTag.count({ where: { accountId } })) >= FEATURED_TAG_LIMIT) return null;
      return (await tx.featuredTag.create({ data: { accountId, tagId }, select: { id: true } })).id;
    });
  }

  /** Removes one featured hashtag by its id; false when the account has none with that id. */
  async unfeatureById(accountId: bigint, featuredId: bigint): Promise<boolean> {
    return (await this.prisma.featuredTag.deleteMany({ where: { accountId, id: featuredId } })).count > 0;
  }

  async unfeatureTag(accountId: bigint, tagId: bigint): Promise<void> {
    await this.prisma.featuredTag.deleteMany({ where: { accountId, tagId } });
  }

  /** The hashtags the account used most in its recent statuses (its last 1000), not featured yet. */
  async suggestions(accountId: bigint, limit: number): Promise<TagRow[]> {
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint; name: string; display_name: string }>>`
      SELECT t.id, t.name, t.display_name
      FROM (SELECT s.id FROM statuses s WHERE s.account_id = ${accountId}::bigint AND s.reblog_of_id IS NULL ORDER BY s.id DESC LIMIT 1000) recent
      JOIN statuses_tags st ON st.status_id = recent.id JOIN tags t ON t.id = st.tag_id
      WHERE NOT EXISTS (SELECT 1 FROM featured_tags f WHERE f.account_id = ${accountId}::bigint AND f.tag_id = t.id)
      GROUP BY t.id
      ORDER BY count(*) DESC, max(recent.id) DESC
      LIMIT ${limit}::int`;
    return rows.map((row) => ({ id: BigInt(row.id), name: row.name, displayName: row.display_name }));
  }
}
