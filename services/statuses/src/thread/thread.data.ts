import { col, sqlOf, statement, type PrismaClient } from '@social/db';

const ANCESTORS = statement(
  'statuses.threadAncestors',
  ['bigint', 'int'],
  { id: col.bigint },
  `WITH RECURSIVE search_tree(id, in_reply_to_id, path) AS (
    SELECT id, in_reply_to_id, ARRAY[id] FROM statuses WHERE id = $1::bigint
    UNION ALL
    SELECT statuses.id, statuses.in_reply_to_id, search_tree.path || statuses.id
    FROM search_tree JOIN statuses ON statuses.id = search_tree.in_reply_to_id
    WHERE NOT statuses.id = ANY(search_tree.path)
  )
  SELECT id FROM search_tree ORDER BY path LIMIT $2::int`,
);

const DESCENDANTS = statement(
  'statuses.threadDescendants',
  ['bigint', 'int?', 'int'],
  { id: col.bigint },
  `WITH RECURSIVE search_tree(id, path) AS (
    SELECT id, ARRAY[id] FROM statuses WHERE id = $1::bigint
    UNION ALL
    SELECT statuses.id, search_tree.path || statuses.id
    FROM search_tree JOIN statuses ON statuses.in_reply_to_id = search_tree.id
    WHERE COALESCE(array_length(search_tree.path, 1) < $2::int, TRUE) AND NOT statuses.id = ANY(search_tree.path)
  )
  SELECT id FROM search_tree ORDER BY path LIMIT $3::int`,
);

/** A status's thread as ids, walked as Mastodon's ThreadingConcern walks it. */
export class ThreadData {
  constructor(private readonly prisma: PrismaClient) {}

  /** The chain above a status (starting at its parent), root first; the `limit` nearest ones. */
  async ancestorIds(parentId: bigint, limit: number): Promise<bigint[]> {
    const rows = await sqlOf(this.prisma).query(ANCESTORS, parentId, limit);
    return rows.map((row) => row.id).reverse();
  }

  /**
   * Replies below a status, depth first with siblings oldest first (ordered
   * by id path), at most `limit` of them and `depth` levels down (null: any).
   */
  async descendantIds(id: bigint, limit: number, depth: number | null): Promise<bigint[]> {
    const rows = await sqlOf(this.prisma).query(DESCENDANTS, id, depth === null ? null : depth + 1, limit + 1);
    return rows.map((row) => row.id).filter((rowId) => rowId !== id);
  }
}
