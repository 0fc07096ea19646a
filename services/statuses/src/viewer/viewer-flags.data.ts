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

/** The flags' columns, as flagColumns names them. */
export const FLAG_SHAPE = { favourited: col.bool, reblogged: col.bool, bookmarked: col.bool, pinned: col.bool, muted: col.bool };

/**
 * The five flags as select-list columns, for a viewer, a status id and the
 * status's conversation id (SQL expressions): this statement's, and the
 * status read's (status-read.data.ts), which answers them with the status.
 */
export function flagColumns(viewer: string, statusId: string, conversationId: string): string {
  return `EXISTS (SELECT 1 FROM favourites f WHERE f.account_id = ${viewer} AND f.status_id = ${statusId}) AS favourited,
    EXISTS (SELECT 1 FROM statuses r WHERE r.reblog_of_id = ${statusId} AND r.account_id = ${viewer}) AS reblogged,
    EXISTS (SELECT 1 FROM bookmarks b WHERE b.account_id = ${viewer} AND b.status_id = ${statusId}) AS bookmarked,
    EXISTS (SELECT 1 FROM status_pins p WHERE p.account_id = ${viewer} AND p.status_id = ${statusId}) AS pinned,
    EXISTS (SELECT 1 FROM conversation_mutes m WHERE m.conversation_id = ${conversationId} AND m.account_id = ${viewer}) AS muted`;
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
  { id: col.text, ...FLAG_SHAPE },
  `SELECT x.id::text AS id, ${flagColumns('$1::bigint', 'x.id', '(SELECT s.conversation_id FROM statuses s WHERE s.id = x.id)')}
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
