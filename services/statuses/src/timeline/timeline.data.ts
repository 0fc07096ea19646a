import { col, Prisma, sqlOf, type PrismaClient } from '@social/db';
import { idWindow, idWindowSql, newestFirst, type PageRequest } from '../page/page.js';
import { AUTHORS_AVAILABLE, NOT_LIMITED, notExcludedFor } from '../block/exclusion.js';

export interface PublicFilter {
  /** Only this server's statuses. */
  local: boolean;
  /** Only other servers' statuses: none, since nothing here federates. */
  remote: boolean;
  /** Only statuses with media attached. */
  onlyMedia: boolean;
}

export interface AccountFilter {
  pinned: boolean;
  excludeReplies: boolean;
  excludeReblogs: boolean;
  onlyMedia: boolean;
  /** Lookup form of a hashtag the statuses must carry. */
  tagged: string | null;
}

/** A page of timeline ids: read on the adapter as every hot read is (docs/data-access.md). */
const ID_ROW = { id: col.bigint };
const NONE = Prisma.sql`FALSE`;
/** A reply to someone else (Mastodon's Status.without_replies keeps self-replies). */
const NOT_A_REPLY = Prisma.sql`(s.in_reply_to_id IS NULL OR s.in_reply_to_account_id = s.account_id)`;
/**
 * Media attachments belong to the media subgraph; their table is read here,
 * read-only, only to tell which statuses carry media.
 */
const HAS_MEDIA = Prisma.sql`EXISTS (SELECT 1 FROM media_attachments m WHERE m.status_id = s.id)`;

/** Blocks and mutes apply to a signed-in viewer only; suspensions to everyone. */
const viewerRule = (viewerId: bigint | null): Prisma.Sql => (viewerId === null ? AUTHORS_AVAILABLE : notExcludedFor(Prisma.sql`${viewerId}::bigint`));

/** What public and hashtag timelines show: the viewer's rule, and no limited account's statuses, to anyone. */
const publicRule = (viewerId: bigint | null): Prisma.Sql => Prisma.sql`${viewerRule(viewerId)} AND ${NOT_LIMITED}`;

/**
 * The home feed's rule for the status `s` and the viewer `viewer` (an SQL
 * expression: a bound id, or a column when many viewers are decided at once).
 * The home timeline and streaming's batched audience both use it, so a
 * streamed status and a reloaded timeline cannot disagree.
 */
function homeRule(viewer: Prisma.Sql): Prisma.Sql {
  // One IN over the authors lets PostgreSQL walk (account_id, id) per author.
  return Prisma.sql`
    s.account_id IN (SELECT ${viewer} UNION ALL SELECT target_account_id FROM follows WHERE account_id = ${viewer})
    AND (
      s.account_id = ${viewer}
      OR (
        (
          s.visibility IN ('public', 'unlisted', 'private')
          OR EXISTS (SELECT 1 FROM mentions mn WHERE mn.status_id = s.id AND mn.account_id = ${viewer})
        )
        AND (s.reblog_of_id IS NULL OR EXISTS (
          SELECT 1 FROM follows f WHERE f.account_id = ${viewer} AND f.target_account_id = s.account_id AND f.show_reblogs
        ))
        AND (s.reblog_of_id IS NOT NULL OR NOT EXISTS (
          SELECT 1 FROM follows f WHERE f.account_id = ${viewer} AND f.target_account_id = s.account_id
            AND f.languages IS NOT NULL AND NOT coalesce(s.language = ANY(f.languages), FALSE)
        ))
        AND (
          s.in_reply_to_account_id IS NULL
          OR s.in_reply_to_account_id IN (s.account_id, ${viewer})
          OR s.in_reply_to_account_id IN (SELECT target_account_id FROM follows WHERE account_id = ${viewer})
        )
      )
    )
    AND ${notExcludedFor(viewer)}`;
}

/**
 * What a followed hashtag brings into the home feed, for the status `s` and
 * the viewer (docs/api/hashtags.md#following): public statuses, no boosts,
 * not the viewer's own, neither the author nor an account it mentions
 * blocked or muted by the viewer, nor the author blocking the viewer.
 */
function followedTagStatus(viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`s.visibility = 'public' AND s.reblog_of_id IS NULL AND s.account_id <> ${viewer}
    AND ${notExcludedFor(viewer)}
    AND NOT EXISTS (
      SELECT 1 FROM mentions mn WHERE mn.status_id = s.id AND mn.account_id IN (
        SELECT target_account_id FROM blocks WHERE account_id = ${viewer}
        UNION ALL SELECT target_account_id FROM mutes WHERE account_id = ${viewer} AND (expires_at IS NULL OR expires_at > now())
      )
    )`;
}

/**
 * The home feed's whole rule for one status and many viewers (streaming's
 * audience): the accounts' rule, or a followed hashtag's.
 */
export function homeFeedRule(viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`((${homeRule(viewer)}) OR (
    EXISTS (SELECT 1 FROM statuses_tags st JOIN tag_follows tf ON tf.tag_id = st.tag_id WHERE st.status_id = s.id AND tf.account_id = ${viewer})
    AND ${followedTagStatus(viewer)}
  ))`;
}

/**
 * Timelines as status ids, newest first, each a single query over the
 * statuses table with the visibility rules in SQL, so that a page is full
 * whenever more statuses exist (Mastodon's HomeFeed, PublicFeed, TagFeed
 * and AccountStatusesFilter, read from the database).
 */
export class TimelineData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * The viewer's own statuses, and those of accounts they follow: public,
   * unlisted and private ones, direct ones that mention them, boosts unless
   * the follow hides them, only the follow's languages when it names some
   * (a status of unknown language then stays out, as in Mastodon's fan-out),
   * and no replies to accounts they do not follow (FeedManager#filter_from_home;
   * docs/api/accounts.md#follow-options).
   */
  async home(viewerId: bigint, page: PageRequest): Promise<bigint[]> {
    if (page.limit === 0) return [];
    const viewer = Prisma.sql`${viewerId}::bigint`;
    const { order, statusBounds, tagBounds } = this.window(page);
    // The accounts' branch is the plan it always had; the followed hashtags'
    // walks (tag_id, status_id) per followed tag, and is an empty probe of
    // tag_follows for a user who follows none. UNION: a status both bring is listed once.
    const rows = await sqlOf(this.prisma).composed('statuses.homeTimeline', Prisma.sql`
      SELECT id FROM (
        (SELECT s.id FROM statuses s WHERE (${homeRule(viewer)}) ${statusBounds} ORDER BY s.id ${order} LIMIT ${page.limit}::int)
        UNION
        (SELECT tagged.id FROM tag_follows tf CROSS JOIN LATERAL (
          SELECT st.status_id AS id FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
          WHERE st.tag_id = tf.tag_id ${tagBounds} AND ${followedTagStatus(viewer)}
          ORDER BY st.status_id ${order} LIMIT ${page.limit}::int
        ) tagged WHERE tf.account_id = ${viewer})
      ) home ORDER BY id ${order} LIMIT ${page.limit}::int`, ID_ROW);
    return newestFirst(rows.map((row) => row.id), page);
  }

  /** Public statuses, no boosts, no replies to others (Mastodon's PublicFeed); a signed-in viewer's blocks and mutes left out. */
  public(filter: PublicFilter, viewerId: bigint | null, page: PageRequest): Promise<bigint[]> {
    return this.ids(
      Prisma.sql`s.visibility = 'public' AND s.reblog_of_id IS NULL AND ${NOT_A_REPLY}
        AND ${filter.remote ? NONE : Prisma.sql`TRUE`} AND ${filter.onlyMedia ? HAS_MEDIA : Prisma.sql`TRUE`} AND ${publicRule(viewerId)}`,
      page,
    );
  }

  /** Public statuses carrying a hashtag (Mastodon's TagFeed), by the tag's lookup form. */
  tag(name: string, filter: PublicFilter, viewerId: bigint | null, page: PageRequest): Promise<bigint[]> {
    return this.ids(
      Prisma.sql`s.visibility = 'public' AND s.reblog_of_id IS NULL
        AND EXISTS (SELECT 1 FROM statuses_tags st JOIN tags t ON t.id = st.tag_id WHERE st.status_id = s.id AND t.name = ${name}::text)
        AND ${filter.remote ? NONE : Prisma.sql`TRUE`} AND ${filter.onlyMedia ? HAS_MEDIA : Prisma.sql`TRUE`} AND ${publicRule(viewerId)}`,
      page,
    );
  }

  /**
   * Public statuses carrying a preview card (Mastodon's LinkFeed, docs/api/timelines.md#link-timeline): no
   * boosts, replies kept, by discoverable authors only, under the public timeline's viewer rules.
   */
  async link(cardId: bigint, viewerId: bigint | null, page: PageRequest): Promise<bigint[]> {
    if (page.limit === 0) return [];
    // Walks (preview_card_id, status_id) from the card: a page reads the card's statuses only.
    const { bounds, order } = idWindowSql(Prisma.sql`sc.status_id`, page);
    const rows = await sqlOf(this.prisma).composed('statuses.linkTimeline', Prisma.sql`
      SELECT s.id FROM statuses_preview_cards sc JOIN statuses s ON s.id = sc.status_id
      WHERE sc.preview_card_id = ${cardId}::bigint ${bounds}
        AND s.visibility = 'public' AND s.reblog_of_id IS NULL
        AND EXISTS (SELECT 1 FROM accounts da WHERE da.id = s.account_id AND da.discoverable)
        AND ${publicRule(viewerId)}
      ORDER BY sc.status_id ${order} LIMIT ${page.limit}::int`, ID_ROW);
    return newestFirst(rows.map((row) => row.id), page);
  }

  /**
   * An account's statuses as the viewer may see them (AccountStatusesFilter):
   * all of them for the author; public and unlisted ones for anyone, private
   * ones for followers, and any that mention the viewer; none for an account
   * the author blocks.
   */
  account(accountId: bigint, viewerId: bigint | null, filter: AccountFilter, page: PageRequest): Promise<bigint[]> {
    const visible =
      viewerId === null ? Prisma.sql`s.visibility IN ('public', 'unlisted')`
      : viewerId === accountId ? Prisma.sql`TRUE`
      : Prisma.sql`(
          s.visibility IN ('public', 'unlisted')
          OR (s.visibility = 'private' AND EXISTS (SELECT 1 FROM follows f WHERE f.account_id = ${viewerId}::bigint AND f.target_account_id = ${accountId}::bigint))
          OR EXISTS (SELECT 1 FROM mentions mn WHERE mn.status_id = s.id AND mn.account_id = ${viewerId}::bigint)
        )`;
    const conditions = [Prisma.sql`s.account_id = ${accountId}::bigint`, visible];
    // A suspended account shows others nothing (its own principal, only the deletion acting as it, sees all of it).
    if (viewerId !== accountId) conditions.push(AUTHORS_AVAILABLE);
    // An account that blocks the viewer shows it none of its statuses (docs/api/safety.md#blocks).
    if (viewerId !== null && viewerId !== accountId) {
      conditions.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = ${accountId}::bigint AND b.target_account_id = ${viewerId}::bigint)`);
    }
    if (filter.pinned) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM status_pins p WHERE p.status_id = s.id AND p.account_id = ${accountId}::bigint)`);
    if (filter.excludeReplies) conditions.push(NOT_A_REPLY);
    if (filter.excludeReblogs) conditions.push(Prisma.sql`s.reblog_of_id IS NULL`);
    if (filter.onlyMedia) conditions.push(HAS_MEDIA);
    if (filter.tagged !== null) {
      conditions.push(
        Prisma.sql`EXISTS (SELECT 1 FROM statuses_tags st JOIN tags t ON t.id = st.tag_id WHERE st.status_id = s.id AND t.name = ${filter.tagged}::text)`,
      );
    }
    return this.ids(Prisma.join(conditions, ' AND '), page);
  }

  /** A page's id bounds, on the status and on a tag link's status, and its order. */
  private window(page: PageRequest): { order: Prisma.Sql; statusBounds: Prisma.Sql; tagBounds: Prisma.Sql } {
    const window = idWindow(page);
    const bounds = (column: Prisma.Sql) =>
      Prisma.sql`${window.where.lt === undefined ? Prisma.empty : Prisma.sql`AND ${column} < ${window.where.lt}::bigint`}
        ${window.where.gt === undefined ? Prisma.empty : Prisma.sql`AND ${column} > ${window.where.gt}::bigint`}`;
    return { order: window.order === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`, statusBounds: bounds(Prisma.sql`s.id`), tagBounds: bounds(Prisma.sql`st.status_id`) };
  }

  private async ids(condition: Prisma.Sql, page: PageRequest): Promise<bigint[]> {
    if (page.limit === 0) return [];
    const window = idWindow(page);
    const bounds: Prisma.Sql[] = [];
    if (window.where.lt !== undefined) bounds.push(Prisma.sql`s.id < ${window.where.lt}::bigint`);
    if (window.where.gt !== undefined) bounds.push(Prisma.sql`s.id > ${window.where.gt}::bigint`);
    const where = bounds.length > 0 ? Prisma.sql`(${condition}) AND ${Prisma.join(bounds, ' AND ')}` : condition;
    const order = window.order === 'asc' ? Prisma.sql`s.id ASC` : Prisma.sql`s.id DESC`;
    const rows = await sqlOf(this.prisma).composed('statuses.timeline', Prisma.sql`
      SELECT s.id FROM statuses s WHERE ${where} ORDER BY ${order} LIMIT ${page.limit}::int`, ID_ROW);
    return newestFirst(rows.map((row) => row.id), page);
  }
}
