import { col, sqlOf, statement, type PrismaClient } from '@social/db';

/**
 * The signed-in viewer's flags of a status (Mastodon's
 * StatusRelationshipsPresenter): whether they favourited, boosted,
 * bookmarked or pinned it, and whether they muted its conversation.
 */
export interface StatusFlags {
  favourited: boolean;
  reblogged: boolean;
  bookmarked: boolean;
  pinned: boolean;
  muted: boolean;
}

/**
 * All five flags of a page of statuses in one statement, each a probe of a
 * unique index: a signed-in read asks for all of them, and one statement per
 * flag cost a round trip (and, through Prisma, the client's per-query cost)
 * each. The mute is the status's conversation's, found through the status row.
 */
const FLAGS = statement(
  'statuses.viewerFlags',
  ['bigint', 'bigint[]'],
  { id: col.text, favourited: col.bool, reblogged: col.bool, bookmarked: col.bool, pinned: col.bool, muted: col.bool },
  `SELECT x.id::text AS id,
    EXISTS (SELECT 1 FROM favourites f WHERE f.account_id = $1::bigint AND f.status_id = x.id) AS favourited,
    EXISTS (SELECT 1 FROM statuses r WHERE r.reblog_of_id = x.id AND r.account_id = $1::bigint) AS reblogged,
    EXISTS (SELECT 1 FROM bookmarks b WHERE b.account_id = $1::bigint AND b.status_id = x.id) AS bookmarked,
    EXISTS (SELECT 1 FROM status_pins p WHERE p.account_id = $1::bigint AND p.status_id = x.id) AS pinned,
    EXISTS (
      SELECT 1 FROM statuses s JOIN conversation_mutes m ON m.conversation_id = s.conversation_id
      WHERE s.id = x.id AND m.account_id = $1::bigint
    ) AS muted
  FROM unnest($2::bigint[]) AS x(id)`,
);

const NONE: StatusFlags = { favourited: false, reblogged: false, bookmarked: false, pinned: false, muted: false };

export class ViewerFlagsData {
  constructor(private readonly prisma: PrismaClient) {}

  /** The flags of these statuses, in their order (all false for a status that is not there). */
  async statusFlags(viewerId: bigint, statusIds: readonly string[]): Promise<StatusFlags[]> {
    const rows = await sqlOf(this.prisma).query(FLAGS, viewerId, statusIds);
    const byId = new Map(rows.map(({ id, ...flags }) => [id, flags]));
    return statusIds.map((id) => byId.get(id) ?? NONE);
  }
}
