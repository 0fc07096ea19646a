import { col, sqlOf, statement, type NotificationType as DbNotificationType, type PrismaClient } from '@social/db';
import { idWindow, type PageRequest } from '../page/page.js';
import { SENDER_AVAILABLE, SILENCED_SENDERS } from './notification.data.js';

/** One group of a page, as docs/api/notifications.md#grouping describes. */
export interface NotificationGroupRecord {
  groupKey: string;
  type: DbNotificationType;
  /** The status the group is about (a boost's: the boosted status); null for follows. */
  statusId: bigint | null;
  notificationsCount: number;
  mostRecentNotificationId: bigint;
  pageMinId: bigint;
  pageMaxId: bigint;
  latestPageNotificationAt: Date;
  /** Senders, most recent first, at most 8. */
  sampleAccountIds: string[];
}

export interface NotificationGroupFilter {
  /** Null: every type. */
  types: DbNotificationType[] | null;
  /** The types allowed to group; every other notification is its own group. */
  groupedTypes: DbNotificationType[];
  /** Whether notifications the policy filtered are shown too (docs/api/notification-policy.md). */
  includeFiltered: boolean;
}

/**
 * A notification's target status (a favourite's through the favourite, a
 * boost's the status it boosted) and its group key, over the row `n` with
 * its favourite `f` and boost `s` joined by FROM_KEYED.
 */
const TARGET = `CASE n.type WHEN 'favourite' THEN f.status_id WHEN 'reblog' THEN s.reblog_of_id ELSE n.status_id END`;
const KEY = `CASE WHEN n.type::text = ANY($5::text[])
    THEN n.type::text || coalesce('-' || (${TARGET})::text, '') || '-' || floor(extract(epoch FROM n.created_at) / 3600)::bigint::text
    ELSE 'ungrouped-' || n.id::text END`;
const FROM_KEYED = `notifications n
    LEFT JOIN favourites f ON f.id = n.favourite_id
    LEFT JOIN statuses s ON s.id = n.status_id AND n.type = 'reblog'`;
/** Which of the account's notifications a grouped list shows. */
function shown(includeFiltered: string): string {
  return `n.account_id = $1::bigint AND ($4::text[] IS NULL OR n.type::text = ANY($4::text[])) AND n.from_account_id NOT IN ${SILENCED_SENDERS}
    AND ${SENDER_AVAILABLE} AND (NOT n.filtered OR ${includeFiltered}::int = 1)`;
}
/** The page statements take include_filtered as $7 (1: include). */
const SHOWN = shown('$7');
const MAX_ID = '9223372036854775807';

/** The next notification of the walk, one index probe past `bound`. */
function step(bound: string, order: 'ASC' | 'DESC'): string {
  return `SELECT n.id, n.type::text AS type, n.created_at, ${TARGET} AS target, ${KEY} AS key
    FROM ${FROM_KEYED}
    WHERE ${SHOWN} AND ${bound}
    ORDER BY n.id ${order} LIMIT 1`;
}

/**
 * A page of groups in one statement. The walk goes through the account's
 * notifications one index probe at a time (newest first, or oldest first
 * after min_id), remembering the keys met, until `limit` distinct groups;
 * the page's range is the walk's (stretched to the cursor when the walk ran
 * out). Each group is then summed over its members up to the range's top:
 * the members are found by type and hour (an index) and the key.
 */
function pageStatement(order: 'asc' | 'desc') {
  const desc = order === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
  const first = desc ? 'n.id < coalesce($2::bigint, ' + MAX_ID + ') AND n.id > coalesce($3::bigint, 0)' : 'n.id > coalesce($3::bigint, 0) AND n.id < coalesce($2::bigint, ' + MAX_ID + ')';
  const next = desc ? 'n.id < w.id AND n.id > coalesce($3::bigint, 0)' : 'n.id > w.id AND n.id < coalesce($2::bigint, ' + MAX_ID + ')';
  const lo = desc ? `CASE WHEN (SELECT count(*) FROM page) < $6 THEN coalesce($3::bigint, 0) + 1 ELSE min(id) END` : 'min(id)';
  const hi = desc ? 'max(id)' : `CASE WHEN (SELECT count(*) FROM page) < $6 THEN coalesce($2::bigint, ${MAX_ID}) - 1 ELSE max(id) END`;
  return statement(
    desc ? 'statuses.notificationGroupsNewest' : 'statuses.notificationGroupsOldest',
    ['bigint', 'bigint?', 'bigint?', 'text[]?', 'text[]', 'int', 'int'],
    {
      groupKey: col.text,
      type: col.textOf<DbNotificationType>(),
      statusId: col.nullable(col.bigint),
      notificationsCount: col.int,
      mostRecentNotificationId: col.bigint,
      pageMinId: col.bigint,
      pageMaxId: col.bigint,
      latestPageNotificationAt: col.timestamp,
      sampleAccountIds: col.json<string[]>(),
    },
    `WITH RECURSIVE walk AS (
      (SELECT k.id, k.type, k.created_at, k.target, k.key, ARRAY[k.key] AS seen, true AS fresh FROM (${step(first, dir)}) k)
      UNION ALL
      (SELECT k.id, k.type, k.created_at, k.target, k.key,
          CASE WHEN k.key = ANY(w.seen) THEN w.seen ELSE w.seen || k.key END, NOT (k.key = ANY(w.seen))
        FROM walk w CROSS JOIN LATERAL (${step(next, dir)}) k
        WHERE cardinality(w.seen) < $6)
    ),
    page AS (SELECT id, type, created_at, target, key FROM walk WHERE fresh),
    span AS (SELECT ${lo} AS lo, ${hi} AS hi FROM walk),
    members AS (
      SELECT p.key, n.id, n.from_account_id, n.created_at
      FROM page p CROSS JOIN span r CROSS JOIN LATERAL (
        SELECT n.id, n.from_account_id, n.created_at FROM ${FROM_KEYED}
        WHERE ${SHOWN} AND n.id <= r.hi AND n.type = p.type::"NotificationType"
          AND n.created_at >= date_trunc('hour', p.created_at) AND n.created_at < date_trunc('hour', p.created_at) + interval '1 hour'
          AND ${KEY} = p.key
        OFFSET 0 -- one index scan per group, not a join over the whole range
      ) n
    ),
    senders AS (
      SELECT key, from_account_id, row_number() OVER (PARTITION BY key ORDER BY max(id) DESC) AS rank
      FROM members GROUP BY key, from_account_id
    ),
    totals AS (
      SELECT m.key, count(*)::int AS count, max(m.id) AS most_recent,
        min(m.id) FILTER (WHERE m.id >= r.lo) AS page_min, max(m.id) FILTER (WHERE m.id >= r.lo) AS page_max,
        max(m.created_at) FILTER (WHERE m.id >= r.lo) AS latest_at
      FROM members m CROSS JOIN span r GROUP BY m.key
    )
    SELECT p.key AS "groupKey", p.type, p.target AS "statusId", t.count AS "notificationsCount",
      t.most_recent AS "mostRecentNotificationId", t.page_min AS "pageMinId", t.page_max AS "pageMaxId",
      t.latest_at AS "latestPageNotificationAt",
      to_json(ARRAY(SELECT sd.from_account_id::text FROM senders sd WHERE sd.key = p.key AND sd.rank <= 8 ORDER BY sd.rank)) AS "sampleAccountIds"
    FROM page p JOIN totals t ON t.key = p.key
    ORDER BY t.page_max DESC`,
  );
}
const PAGE = { desc: pageStatement('desc'), asc: pageStatement('asc') };

/**
 * One group's members, newest first: by its key, within its hour when it
 * has one (the same index as the page's members).
 */
const MEMBERS = statement(
  'statuses.notificationGroupMembers',
  ['bigint', 'text', 'bigint?', 'text[]?', 'text[]', 'bigint?', 'int', 'bigint?', 'int'],
  { id: col.bigint, fromAccountId: col.bigint, type: col.textOf<DbNotificationType>(), statusId: col.nullable(col.bigint) },
  `SELECT n.id, n.from_account_id AS "fromAccountId", n.type::text AS type, ${TARGET} AS "statusId" FROM ${FROM_KEYED}
  WHERE ${shown('$9')} AND n.id < coalesce($6::bigint, ${MAX_ID}) AND n.id > coalesce($8::bigint, 0) AND ${KEY} = $2::text
    AND n.created_at >= coalesce(to_timestamp($3::bigint * 3600) AT TIME ZONE 'UTC', '-infinity'::timestamp)
    AND n.created_at < coalesce(to_timestamp(($3::bigint + 1) * 3600) AT TIME ZONE 'UTC', 'infinity'::timestamp)
  ORDER BY n.id DESC LIMIT $7::int`,
);

export interface GroupMember {
  id: bigint;
  fromAccountId: bigint;
  type: DbNotificationType;
  statusId: bigint | null;
}

/** Where a group's members are: its key, and its hour (null for a single notification). */
export interface GroupLocation {
  groupKey: string;
  hour: bigint | null;
  /** The types the key was formed with: none for `ungrouped-<id>`. */
  groupedTypes: DbNotificationType[];
  /** Between these ids (exclusive; a single notification: around its own). */
  minId: bigint | null;
  maxId: bigint | null;
}

/** Grouped reads of the notifications table (Mastodon 4.3's v2 notifications). */
export class NotificationGroupData {
  constructor(private readonly prisma: PrismaClient) {}

  /** A page of groups, newest first; `page.limit` counts groups. */
  async page(accountId: bigint, filter: NotificationGroupFilter, page: PageRequest): Promise<NotificationGroupRecord[]> {
    if (page.limit === 0 || filter.types?.length === 0) return [];
    const window = idWindow(page);
    return sqlOf(this.prisma).query(PAGE[window.order], accountId, window.where.lt ?? null, window.where.gt ?? null, filter.types, filter.groupedTypes, page.limit, filter.includeFiltered ? 1 : 0);
  }

  /** A group's members, newest first, at most `limit`; a single notification (`ungrouped-<id>`) even when filtered. */
  members(accountId: bigint, group: GroupLocation, limit: number): Promise<GroupMember[]> {
    const single = group.groupedTypes.length === 0;
    return sqlOf(this.prisma).query(MEMBERS, accountId, group.groupKey, group.hour, null, group.groupedTypes, group.maxId, limit, group.minId, single ? 1 : 0);
  }

  /** Deletes these notifications of the account. */
  async dismiss(accountId: bigint, ids: bigint[]): Promise<void> {
    if (ids.length > 0) await this.prisma.notification.deleteMany({ where: { accountId, id: { in: ids } } });
  }
}
