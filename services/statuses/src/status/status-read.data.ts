import { col, sqlOf, statement, type PrismaClient, type RowOf } from '@social/db';
import type { AccountState, AccountStatsRecord } from '../account/account-stats.data.js';
import type { StatusRecord } from './status.data.js';
import { STATUS, statusRecordOf } from './status-row.data.js';
import { FLAG_SHAPE, flagColumns, type StatusFlags } from '../viewer/viewer-flags.data.js';
import { PREVIEW_CARD, type CardRecord } from '../card/card.data.js';

/** A status as the read path needs it: the record, and what its rendering asks of other tables. */
export interface StatusRead {
  record: StatusRecord;
  /** The author's username (null if the account row is gone) and counters. */
  author: { username: string | null; stats: AccountStatsRecord; state: AccountState };
  /** Usernames of the mentioned accounts, by account id. */
  mentionUsernames: Map<string, string | null>;
  /** Whether it has a poll (a poll is made with its status and goes with it). */
  hasPoll: boolean;
  /** Whether its author blocks the viewer the read was made for (false without one). */
  blocksViewer: boolean;
  /** That viewer's flags of it (all false without one). */
  viewerFlags: StatusFlags;
  /** Its preview card, null when it has none (yet). */
  card: CardRecord | null;
}

const READ = statement(
  'statuses.read',
  ['bigint[]', 'bigint?'],
  {
    ...STATUS.shape,
    author_username: col.nullable(col.text), author_suspended: col.bool, author_limited: col.bool, author_sensitized: col.bool, has_stats: col.bool, statuses_count: col.nullable(col.int), followers_count: col.nullable(col.int),
    following_count: col.nullable(col.int), last_status_at: col.nullable(col.timestamp),
    mentions: col.json<Array<{ accountId: string; username: string | null }>>(),
    tags: col.json<Array<{ name: string; displayName: string }>>(),
    has_poll: col.bool,
    blocks_viewer: col.bool,
    ...FLAG_SHAPE,
    card: col.nullable(col.json<Record<string, unknown>>()),
  },
  `SELECT ${STATUS.select('s')},
    a.username AS author_username, coalesce(a.suspended_at IS NOT NULL, false) AS author_suspended,
    coalesce(a.silenced_at IS NOT NULL, false) AS author_limited, coalesce(a.sensitized_at IS NOT NULL, false) AS author_sensitized,
    st.account_id IS NOT NULL AS has_stats, st.statuses_count, st.followers_count,
    st.following_count, st.last_status_at,
    coalesce((SELECT json_agg(json_build_object('accountId', m.account_id::text, 'username', ma.username) ORDER BY m.id)
      FROM mentions m LEFT JOIN accounts ma ON ma.id = m.account_id WHERE m.status_id = s.id), '[]') AS mentions,
    coalesce((SELECT json_agg(json_build_object('name', t.name, 'displayName', t.display_name) ORDER BY x.tag_id)
      FROM statuses_tags x JOIN tags t ON t.id = x.tag_id WHERE x.status_id = s.id), '[]') AS tags,
    EXISTS (SELECT 1 FROM polls p WHERE p.status_id = s.id) AS has_poll,
    EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = s.account_id AND b.target_account_id = $2::bigint) AS blocks_viewer,
    ${flagColumns('$2::bigint', 's.id', 's.conversation_id')},
    (SELECT ${PREVIEW_CARD.jsonObject('pc')} FROM statuses_preview_cards sc JOIN preview_cards pc ON pc.id = sc.preview_card_id
      WHERE sc.status_id = s.id) AS card
  FROM statuses s
  LEFT JOIN accounts a ON a.id = s.account_id
  LEFT JOIN account_stats st ON st.account_id = s.account_id
  WHERE s.id = ANY($1::bigint[])`,
);
type Row = RowOf<typeof READ.shape>;

/**
 * Statuses with their mentions, tags, author's username, counters and moderation state,
 * whether they have a poll, whether their author blocks the viewer (the
 * visibility rule's probe), the viewer's flags and its preview card (index lookups here rather
 * than a round trip each after the read), in one statement. Through Prisma's include this
 * was six round trips per status read (status, mentions, tag links, tags,
 * usernames, counters) and one more for the poll, each also paying the
 * client's per-query cost; the read path was dominated by them.
 * Mentions keep their written order (Mastodon's ordered_mentions), tags the
 * order of their primary key, as the include read them.
 */
export async function readStatuses(prisma: PrismaClient, ids: readonly string[], viewerId: string | null = null): Promise<Array<StatusRead | null>> {
  const rows = await sqlOf(prisma).query(READ, ids, viewerId);
  const byId = new Map(rows.map((row) => [row.id.toString(), toRead(row)]));
  return ids.map((id) => byId.get(id) ?? null);
}

function toRead(row: Row): StatusRead {
  const record = statusRecordOf(
    row,
    row.mentions.map((m) => ({ accountId: BigInt(m.accountId) })),
    row.tags.map((tag) => ({ tag: { name: tag.name, displayName: tag.displayName } })),
  );
  const stats: AccountStatsRecord = row.has_stats
    ? {
        statusesCount: row.statuses_count ?? 0,
        followersCount: row.followers_count ?? 0,
        followingCount: row.following_count ?? 0,
        lastStatusAt: row.last_status_at,
      }
    : { statusesCount: 0, followersCount: 0, followingCount: 0, lastStatusAt: null };
  return {
    record,
    author: { username: row.author_username, stats, state: { suspended: row.author_suspended, limited: row.author_limited, sensitized: row.author_sensitized } },
    mentionUsernames: new Map(row.mentions.map((m) => [m.accountId, m.username])),
    hasPoll: row.has_poll,
    blocksViewer: row.blocks_viewer,
    viewerFlags: { favourited: row.favourited, reblogged: row.reblogged, bookmarked: row.bookmarked, pinned: row.pinned, muted: row.muted },
    card: row.card === null ? null : PREVIEW_CARD.fromJson(row.card),
  };
}
