import { Prisma, sqlOf, statement, type PrismaClient } from '@social/db';
import { TAG, type TagRow } from '../hashtag/hashtag.data.js';
import { notExcludedFor } from '../block/exclusion.js';

export interface StatusSearchQuery {
  /** Words to find, every one of them (PostgreSQL's plainto_tsquery, 'simple' configuration). */
  words: string;
  viewerId: bigint;
  accountId: bigint | null;
  maxId: bigint | null;
  minId: bigint | null;
  limit: number;
  offset: number;
}

/** Hashtags by prefix ($1, a LIKE pattern) with their rows; $3 = 1 keeps the exact name ($2) and reviewed ones only. */
const HASHTAG_SEARCH = statement(
  'statuses.hashtagSearch',
  ['text', 'text', 'int', 'int', 'int'],
  TAG.shape,
  `SELECT ${TAG.select('t')} FROM tags t
  WHERE t.name LIKE $1::text AND ($3::int = 0 OR t.name = $2::text OR t.reviewed_at IS NOT NULL)
  ORDER BY t.name = $2::text DESC, length(t.name), t.name
  LIMIT $4::int OFFSET $5::int`,
);

/**
 * Full-text search of statuses and prefix search of hashtags
 * (docs/api/search.md). The status match is the expression of the GIN index
 * `statuses_search_idx` (migration 20261125043000_search_indexes), written
 * the same here so the planner uses it; hashtags use the trigram index on
 * `tags.name`.
 */
export class SearchData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Ids of original statuses (no boosts), newest first, that the viewer may find: their own, those they favourited,
   * boosted, bookmarked, replied to or were mentioned in, and public ones of indexable authors; never by an author
   * (or of a boost) the viewer blocks, mutes or is blocked by. Visibility is checked again on each status afterwards.
   * The matches are read first through the GIN index (a materialized CTE): left to itself the planner walks the
   * primary key newest first and computes every status's tsvector until it has a page, slow for rare words.
   */
  async statuses(query: StatusSearchQuery): Promise<bigint[]> {
    const viewer = Prisma.sql`${query.viewerId}::bigint`;
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      WITH matches AS MATERIALIZED (
        SELECT m.id FROM statuses m WHERE to_tsvector('simple', m.spoiler_text || ' ' || m.text) @@ plainto_tsquery('simple', ${query.words})
      )
      SELECT s.id FROM matches JOIN statuses s ON s.id = matches.id
      WHERE s.reblog_of_id IS NULL
        AND (
          s.account_id = ${viewer}
          OR (s.visibility = 'public' AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id AND a.indexable))
          OR EXISTS (SELECT 1 FROM favourites f WHERE f.status_id = s.id AND f.account_id = ${viewer})
          OR EXISTS (SELECT 1 FROM bookmarks b WHERE b.status_id = s.id AND b.account_id = ${viewer})
          OR EXISTS (SELECT 1 FROM mentions m WHERE m.status_id = s.id AND m.account_id = ${viewer})
          OR EXISTS (SELECT 1 FROM statuses r WHERE r.reblog_of_id = s.id AND r.account_id = ${viewer})
          OR EXISTS (SELECT 1 FROM statuses r WHERE r.in_reply_to_id = s.id AND r.account_id = ${viewer})
        )
        AND ${notExcludedFor(viewer)}
        ${query.accountId === null ? Prisma.empty : Prisma.sql`AND s.account_id = ${query.accountId}::bigint`}
        ${query.maxId === null ? Prisma.empty : Prisma.sql`AND s.id < ${query.maxId}::bigint`}
        ${query.minId === null ? Prisma.empty : Prisma.sql`AND s.id > ${query.minId}::bigint`}
      ORDER BY s.id DESC
      LIMIT ${query.limit}::int OFFSET ${query.offset}::int`;
    return rows.map((row) => row.id);
  }

  /**
   * Hashtags starting with `prefix` (lookup form): the exact name first, then the shortest, then by name.
   * `excludeUnreviewed` keeps only the exact name and hashtags a moderator reviewed (docs/api/search.md).
   */
  async hashtags(prefix: string, limit: number, offset: number, excludeUnreviewed = false): Promise<TagRow[]> {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sqlOf(this.prisma).query(HASHTAG_SEARCH, pattern, prefix, excludeUnreviewed ? 1 : 0, limit, offset);
  }
}
