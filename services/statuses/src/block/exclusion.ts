import { Prisma } from '@social/db';

/**
 * The accounts whose statuses a viewer's feeds leave out (docs/api/safety.md#where-they-apply):
 * those the viewer blocks, those blocking the viewer, and those the viewer
 * mutes (until the mute lapses). `viewer` is an SQL expression: a bound id,
 * or a column when many viewers are decided at once (streaming).
 */
function excludedAccounts(viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    SELECT target_account_id FROM blocks WHERE account_id = ${viewer}
    UNION ALL SELECT account_id FROM blocks WHERE target_account_id = ${viewer}
    UNION ALL SELECT target_account_id FROM mutes WHERE account_id = ${viewer} AND (expires_at IS NULL OR expires_at > now())
  )`;
}

/** The account in `column` is suspended by a moderator: nothing of it shows (docs/api/moderation.md#suspending). A primary-key probe per row. */
function suspended(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM accounts sa WHERE sa.id = ${column} AND sa.suspended_at IS NOT NULL)`;
}

/**
 * The status `s` is by no suspended account, nor, for a boost, of a status by one: what every feed shows
 * to anyone (signed-in viewers get it with notExcludedFor).
 */
export const AUTHORS_AVAILABLE: Prisma.Sql = Prisma.sql`NOT ${suspended(Prisma.sql`s.account_id`)}
  AND (s.reblog_of_id IS NULL OR NOT EXISTS (
    SELECT 1 FROM statuses boosted JOIN accounts sa ON sa.id = boosted.account_id WHERE boosted.id = s.reblog_of_id AND sa.suspended_at IS NOT NULL
  ))`;

/**
 * The account in `column` is not left out for the viewer (who favourited or boosted a status; docs/api/safety.md#where-they-apply),
 * nor suspended; `viewer` null: anonymous, for whom only suspensions apply.
 */
export function accountNotExcludedFor(column: Prisma.Sql, viewer: Prisma.Sql | null): Prisma.Sql {
  if (viewer === null) return Prisma.sql`NOT ${suspended(column)}`;
  return Prisma.sql`${column} NOT IN ${excludedAccounts(viewer)} AND NOT ${suspended(column)}`;
}

/**
 * The one feed rule of blocks, mutes and suspensions, for the status `s`: neither its
 * author nor, for a boost, the boosted status's author is excluded for the
 * viewer or suspended. Home, lists, public and hashtag timelines and the streams' feed
 * check all add it.
 */
export function notExcludedFor(viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`s.account_id NOT IN ${excludedAccounts(viewer)}
    AND (s.reblog_of_id IS NULL OR NOT EXISTS (
      SELECT 1 FROM statuses boosted WHERE boosted.id = s.reblog_of_id AND boosted.account_id IN ${excludedAccounts(viewer)}
    ))
    AND ${AUTHORS_AVAILABLE}`;
}

/**
 * Public and hashtag timelines (and their streams) leave out the statuses of an account a moderator limited
 * (silenced), for everyone, its followers and itself included, as Mastodon's PublicFeed does; its followers
 * still have them at home (docs/api/moderation.md#limiting).
 */
export const NOT_LIMITED = Prisma.sql`NOT EXISTS (SELECT 1 FROM accounts la WHERE la.id = s.account_id AND la.silenced_at IS NOT NULL)`;
