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

/** The account in `column` is not left out for the viewer: who favourited or boosted a status (docs/api/safety.md#where-they-apply). */
export function accountNotExcludedFor(column: Prisma.Sql, viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${column} NOT IN ${excludedAccounts(viewer)}`;
}

/**
 * The one feed rule of blocks and mutes, for the status `s`: neither its
 * author nor, for a boost, the boosted status's author is excluded for the
 * viewer. Home, lists, public and hashtag timelines and the streams' feed
 * check all add it.
 */
export function notExcludedFor(viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`s.account_id NOT IN ${excludedAccounts(viewer)}
    AND (s.reblog_of_id IS NULL OR NOT EXISTS (
      SELECT 1 FROM statuses boosted WHERE boosted.id = s.reblog_of_id AND boosted.account_id IN ${excludedAccounts(viewer)}
    ))`;
}
