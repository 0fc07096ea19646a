import { Prisma, snowflakeAt, type PrismaClient } from '@social/db';
import { notExcludedFor } from '../block/exclusion.js';
import type { CardRecord } from '../card/card.data.js';
import { emptyHistory, type TagDayRow } from '../hashtag/hashtag.data.js';

/** A page of a ranked list: how many to skip and to answer. */
export interface RankPage {
  limit: number;
  offset: number;
}

/** A trending hashtag: its stored row, with its review (true approved, false rejected, null not reviewed). */
export interface TrendingTagRow {
  id: bigint;
  name: string;
  displayName: string;
  trendable: boolean | null;
}

/**
 * Which items a list shows (docs/api/trends.md#review): `open` all but those
 * a moderator rejected (Mastodon's trendable_by_default), `approved` only
 * those a moderator approved, `all` every one that scores (the moderators'
 * own lists).
 */
export type TrendReview = 'open' | 'approved' | 'all';

function tagReview(review: TrendReview): Prisma.Sql {
  if (review === 'approved') return Prisma.sql`t.trendable`;
  return review === 'open' ? Prisma.sql`t.trendable IS DISTINCT FROM false` : Prisma.sql`TRUE`;
}

function statusReview(review: TrendReview): Prisma.Sql {
  if (review === 'approved') return Prisma.sql`EXISTS (SELECT 1 FROM status_trend_reviews r WHERE r.status_id = s.id AND r.trendable)`;
  return review === 'open' ? Prisma.sql`NOT EXISTS (SELECT 1 FROM status_trend_reviews r WHERE r.status_id = s.id AND NOT r.trendable)` : Prisma.sql`TRUE`;
}

function linkReview(review: TrendReview): Prisma.Sql {
  if (review === 'approved') return Prisma.sql`card_id IN (SELECT id FROM preview_cards WHERE trendable)`;
  return review === 'open' ? Prisma.sql`card_id NOT IN (SELECT id FROM preview_cards WHERE trendable = false)` : Prisma.sql`TRUE`;
}


/** A trending link: its card and its shares per day over the window. */
export interface TrendingLinkRow {
  /** The preview card's id, and its review. */
  id: bigint;
  trendable: boolean | null;
  card: CardRecord;
  days: TagDayRow[];
}

const HOUR_MS = 3_600_000;

/**
 * The rules of docs/api/trends.md#scoring. Hashtags and links: the last 7
 * days, each distinct account counted once (its latest use), its weight
 * halving every 24 hours; statuses: the last 2 days, distinct accounts that
 * favourited or boosted, the sum halving every 6 hours of the status's age.
 */
const TREND_RULES = {
  tags: { windowHours: 7 * 24, halfLifeHours: 24, minAccounts: 2 },
  links: { windowHours: 7 * 24, halfLifeHours: 24, minAccounts: 2 },
  statuses: { windowHours: 48, halfLifeHours: 6, minAccounts: 2 },
} as const;

/** 0.5^(age / half-life), the age of `at` (a timestamp expression) in hours. */
function decay(at: Prisma.Sql, halfLifeHours: number): Prisma.Sql {
  return Prisma.sql`power(0.5, extract(epoch FROM (now() - ${at})) / 3600.0 / ${halfLifeHours}::float8)`;
}

/** The first status id of a window ending now (ids are snowflakes: the window is a range of an id index). */
function sinceId(now: Date, hours: number): bigint {
  return snowflakeAt(new Date(now.getTime() - hours * HOUR_MS));
}

/** A public status of its own (no boost) whose author is neither suspended nor limited: what a hashtag or link trend counts. */
const COUNTED = Prisma.sql`s.visibility = 'public' AND s.reblog_of_id IS NULL
  AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id AND a.suspended_at IS NULL AND a.silenced_at IS NULL)`;

/**
 * Trends computed on read (docs/api/trends.md): each list is one statement
 * over the window's rows, found through the snowflake id indexes
 * (statuses_tags by status id, statuses by visibility and id,
 * statuses_preview_cards by status id), scored and paged in SQL.
 */
export class TrendsData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Hashtags used by at least 2 accounts in the window, highest score first. */
  async tags(page: RankPage, now = new Date(), review: TrendReview = 'open'): Promise<TrendingTagRow[]> {
    if (page.limit === 0) return [];
    const rule = TREND_RULES.tags;
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint; name: string; display_name: string; trendable: boolean | null }>>`
      WITH uses AS (
        SELECT st.tag_id, s.account_id, max(s.created_at) AS last_at
        FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
        WHERE st.status_id >= ${sinceId(now, rule.windowHours)}::bigint AND ${COUNTED}
        GROUP BY st.tag_id, s.account_id
      ), ranked AS (
        SELECT tag_id, sum(${decay(Prisma.sql`last_at`, rule.halfLifeHours)}) AS score
        FROM uses GROUP BY tag_id HAVING count(*) >= ${rule.minAccounts}::int
      )
      SELECT t.id, t.name, t.display_name, t.trendable
      FROM ranked r JOIN tags t ON t.id = r.tag_id
      WHERE ${tagReview(review)}
      ORDER BY r.score DESC, t.id DESC
      LIMIT ${page.limit}::int OFFSET ${page.offset}::int`;
    return rows.map((row) => ({ id: BigInt(row.id), name: row.name, displayName: row.display_name, trendable: row.trendable }));
  }

  /**
   * Statuses of the window favourited or boosted by at least 2 other
   * accounts: public, not a boost nor a reply, no content warning, not
   * sensitive, by a discoverable author who is not suspended; the viewer's
   * blocks and mutes left out. Highest score first.
   */
  async statuses(page: RankPage, viewerId: bigint | null, now = new Date(), review: TrendReview = 'open'): Promise<bigint[]> {
    if (page.limit === 0) return [];
    const rule = TREND_RULES.statuses;
    const viewer = viewerId === null ? Prisma.sql`TRUE` : notExcludedFor(Prisma.sql`${viewerId}::bigint`);
    // The stored counters rule out, before any join, the many statuses nobody interacted with.
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      SELECT s.id
      FROM statuses s
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM (
          SELECT f.account_id FROM favourites f WHERE f.status_id = s.id
          UNION SELECT b.account_id FROM statuses b WHERE b.reblog_of_id = s.id
        ) i WHERE i.account_id <> s.account_id
      ) i
      WHERE s.visibility = 'public' AND s.id >= ${sinceId(now, rule.windowHours)}::bigint
        AND s.reblog_of_id IS NULL AND s.in_reply_to_id IS NULL AND s.spoiler_text = '' AND NOT s.sensitive
        AND s.favourites_count + s.reblogs_count >= ${rule.minAccounts}::int
        AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id AND a.discoverable AND a.suspended_at IS NULL AND a.silenced_at IS NULL)
        AND ${viewer}
        AND ${statusReview(review)}
        AND i.n >= ${rule.minAccounts}::int
      ORDER BY i.n * ${decay(Prisma.sql`s.created_at`, rule.halfLifeHours)} DESC, s.id DESC
      LIMIT ${page.limit}::int OFFSET ${page.offset}::int`;
    return rows.map((row) => BigInt(row.id));
  }

  /**
   * Preview cards shared in the window by at least 2 accounts, highest score
   * first, each with its shares on each of the last `days` days (today first).
   */
  async links(page: RankPage, days: number, now = new Date(), review: TrendReview = 'open'): Promise<TrendingLinkRow[]> {
    if (page.limit === 0) return [];
    const rule = TREND_RULES.links;
    const empty = emptyHistory(days, now);
    // The shares read reach back to the first day the history shows; the score counts the window's.
    const since = snowflakeAt(new Date(Math.min(now.getTime() - rule.windowHours * HOUR_MS, empty[empty.length - 1].day * 1000)));
    const rows = await this.prisma.$queryRaw<Array<CardColumns & { history: Array<{ day: number; uses: number; accounts: number }> }>>`
      WITH shares AS (
        SELECT sc.preview_card_id AS card_id, s.account_id, s.created_at
        FROM statuses_preview_cards sc JOIN statuses s ON s.id = sc.status_id
        WHERE sc.status_id >= ${since}::bigint AND ${COUNTED}
      ), latest AS (
        SELECT card_id, account_id, max(created_at) AS last_at
        FROM shares WHERE created_at >= ${new Date(now.getTime() - rule.windowHours * HOUR_MS)}
        GROUP BY card_id, account_id
      ), ranked AS (
        SELECT card_id, sum(${decay(Prisma.sql`last_at`, rule.halfLifeHours)}) AS score
        FROM latest WHERE ${linkReview(review)} GROUP BY card_id HAVING count(*) >= ${rule.minAccounts}::int
        ORDER BY score DESC, card_id DESC
        LIMIT ${page.limit}::int OFFSET ${page.offset}::int
      )
      SELECT pc.id, pc.trendable, pc.url, pc.title, pc.description, pc.type, pc.author_name, pc.author_url, pc.provider_name, pc.provider_url,
        pc.html, pc.width, pc.height, pc.image_url, pc.image_description, pc.embed_url, pc.blurhash, pc.language, pc.published_at,
        coalesce((
          SELECT json_agg(json_build_object('day', d.day, 'uses', d.uses, 'accounts', d.accounts))
          FROM (
            SELECT (floor(extract(epoch FROM sh.created_at) / 86400) * 86400)::int AS day, count(*)::int AS uses, count(DISTINCT sh.account_id)::int AS accounts
            FROM shares sh WHERE sh.card_id = r.card_id GROUP BY 1
          ) d
        ), '[]'::json) AS history
      FROM ranked r JOIN preview_cards pc ON pc.id = r.card_id
      ORDER BY r.score DESC, r.card_id DESC`;
    return rows.map((row) => {
      const byDay = new Map(row.history.map((day) => [day.day, day]));
      return {
        id: BigInt(row.id),
        trendable: row.trendable,
        card: cardOf(row),
        days: empty.map((day) => byDay.get(day.day) ?? day),
      };
    });
  }

  /**
   * The preview card of `url` when it trends now as the public list counts
   * it (shared by at least 2 accounts in the window, its review allowing),
   * else null: what a link's timeline needs (docs/api/timelines.md#link-timeline).
   */
  async trendingCardId(url: string, now = new Date(), review: TrendReview = 'open'): Promise<bigint | null> {
    const rule = TREND_RULES.links;
    const [row] = await this.prisma.$queryRaw<Array<{ card_id: bigint }>>`
      SELECT c.card_id FROM (SELECT id AS card_id FROM preview_cards WHERE url = ${url}) c
      WHERE ${linkReview(review)} AND (
        SELECT count(DISTINCT s.account_id) FROM statuses_preview_cards sc JOIN statuses s ON s.id = sc.status_id
        WHERE sc.preview_card_id = c.card_id AND sc.status_id >= ${sinceId(now, rule.windowHours)}::bigint AND ${COUNTED}
      ) >= ${rule.minAccounts}::int`;
    return row ? BigInt(row.card_id) : null;
  }
}

/** A moderator's review of a trend, with its audit row (docs/api/moderation.md#audit-log). */
export interface TrendReviewChange {
  trendable: boolean;
  actorAccountId: bigint;
}

/** The audit log's word for a review. */
function reviewAction(change: TrendReviewChange): string {
  return change.trendable ? 'approve' : 'reject';
}

/** The reviews of trends: flags on tags and preview cards, rows beside statuses, each written with its audit row. */
export class TrendReviewData {
  constructor(private readonly prisma: PrismaClient) {}

  /** The tag after its review, or null when there is no such tag. */
  async reviewTag(id: bigint, change: TrendReviewChange): Promise<{ id: bigint; name: string; trendable: boolean | null } | null> {
    return this.prisma.$transaction(async (tx) => {
      const found = await tx.tag.findUnique({ where: { id }, select: { id: true } });
      if (!found) return null;
      const tag = await tx.tag.update({ where: { id }, data: { trendable: change.trendable, reviewedAt: new Date() }, select: { id: true, name: true, trendable: true } });
      const details = '#' + tag.name;
      await tx.adminActionLog.create({ data: { accountId: change.actorAccountId, action: reviewAction(change), targetType: 'Tag', targetId: id, details } });
      return tag;
    });
  }

  /** Whether the status exists (and was reviewed). */
  async reviewStatus(id: bigint, change: TrendReviewChange): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const found = await tx.status.findUnique({ where: { id }, select: { id: true, reblogOfId: true } });
      if (!found || found.reblogOfId !== null) return false;
      await tx.statusTrendReview.upsert({ where: { statusId: id }, create: { statusId: id, trendable: change.trendable }, update: { trendable: change.trendable, reviewedAt: new Date() } });
      const details = 'status ' + id.toString();
      await tx.adminActionLog.create({ data: { accountId: change.actorAccountId, action: reviewAction(change), targetType: 'Status', targetId: id, details } });
      return true;
    });
  }

  /** The preview card's review after the change, or null when there is no such card. */
  async reviewLink(id: bigint, change: TrendReviewChange): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const found = await tx.previewCard.findUnique({ where: { id }, select: { id: true, url: true } });
      if (!found) return false;
      await tx.previewCard.update({ where: { id }, data: { trendable: change.trendable } });
      const details = found.url.slice(0, 200);
      await tx.adminActionLog.create({ data: { accountId: change.actorAccountId, action: reviewAction(change), targetType: 'PreviewCard', targetId: id, details } });
      return true;
    });
  }

  /** The reviews of these statuses (the ones never reviewed are absent). */
  async statusReviews(ids: readonly bigint[]): Promise<Map<bigint, boolean>> {
    if (ids.length === 0) return new Map();
    const rows = await this.prisma.statusTrendReview.findMany({ where: { statusId: { in: [...ids] } }, select: { statusId: true, trendable: true } });
    return new Map(rows.map((row) => [row.statusId, row.trendable]));
  }

  /** One card with its shares on each of the last `days` days (today first), whether it trends or not. */
  async link(id: bigint, days: number, now = new Date()): Promise<TrendingLinkRow | null> {
    const empty = emptyHistory(days, now);
    const since = snowflakeAt(new Date(empty[empty.length - 1].day * 1000));
    const [row] = await this.prisma.$queryRaw<Array<CardColumns & { history: Array<{ day: number; uses: number; accounts: number }> }>>`
      SELECT pc.id, pc.trendable, pc.url, pc.title, pc.description, pc.type, pc.author_name, pc.author_url, pc.provider_name, pc.provider_url,
        pc.html, pc.width, pc.height, pc.image_url, pc.image_description, pc.embed_url, pc.blurhash, pc.language, pc.published_at,
        coalesce((
          SELECT json_agg(json_build_object('day', d.day, 'uses', d.uses, 'accounts', d.accounts))
          FROM (
            SELECT (floor(extract(epoch FROM s.created_at) / 86400) * 86400)::int AS day, count(*)::int AS uses, count(DISTINCT s.account_id)::int AS accounts
            FROM statuses_preview_cards sc JOIN statuses s ON s.id = sc.status_id
            WHERE sc.preview_card_id = pc.id AND sc.status_id >= ${since}::bigint AND ${COUNTED} GROUP BY 1
          ) d
        ), '[]'::json) AS history
      FROM preview_cards pc WHERE pc.id = ${id}`;
    if (!row) return null;
    const byDay = new Map(row.history.map((day) => [day.day, day]));
    return { id: BigInt(row.id), trendable: row.trendable, card: cardOf(row), days: empty.map((day) => byDay.get(day.day) ?? day) };
  }
}

interface CardColumns {
  id: bigint; trendable: boolean | null; url: string; title: string; description: string; type: string; author_name: string; author_url: string;
  provider_name: string; provider_url: string; html: string; width: number; height: number; image_url: string | null;
  image_description: string; embed_url: string; blurhash: string | null; language: string | null; published_at: Date | null;
}

function cardOf(row: CardColumns): CardRecord {
  return {
    url: row.url,
    title: row.title,
    description: row.description,
    type: row.type as CardRecord['type'],
    authorName: row.author_name,
    authorUrl: row.author_url,
    providerName: row.provider_name,
    providerUrl: row.provider_url,
    html: row.html,
    width: row.width,
    height: row.height,
    imageUrl: row.image_url,
    imageDescription: row.image_description,
    embedUrl: row.embed_url,
    blurhash: row.blurhash,
    language: row.language,
    publishedAt: row.published_at,
  };
}
