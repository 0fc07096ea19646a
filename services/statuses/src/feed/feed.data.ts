import { Prisma, type PrismaClient } from '@social/db';
import { homeFeedRule } from '../timeline/timeline.data.js';

/** A viewer whose home feed holds a status, with what differs in its rendering from viewer to viewer. */
export interface HomeMemberRow {
  accountId: bigint;
  /** The viewer wrote the status or what it boosts, or it boosts a boost: its rendering differs beyond these flags. */
  personal: boolean;
  favourited: boolean;
  reblogged: boolean;
  bookmarked: boolean;
  muted: boolean;
  reblogMuted: boolean | null;
  /** The viewer has an unexpired filter (docs/api/filters.md#streams). */
  hasFilters: boolean;
}

/** What streaming asks of the feeds in bulk. */
export class FeedData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Of these viewers, those whose home feed holds the status, by the home
   * timeline's own rule (followed hashtags included), each with its flags: favourited, boosted and
   * bookmarked of what a boost boosts (as the status renders them), and
   * muted of the status's conversation and of the boosted status's.
   */
  homeMembers(statusId: bigint, viewers: readonly bigint[]): Promise<HomeMemberRow[]> {
    if (viewers.length === 0) return Promise.resolve([]);
    const viewer = Prisma.sql`v.id`;
    return this.prisma.$queryRaw<HomeMemberRow[]>`
      SELECT v.id AS "accountId",
        (v.id = s.account_id OR COALESCE(v.id = o.account_id OR o.reblog_of_id IS NOT NULL, false)) AS personal,
        EXISTS (SELECT 1 FROM favourites f WHERE f.account_id = v.id AND f.status_id = COALESCE(s.reblog_of_id, s.id)) AS favourited,
        EXISTS (SELECT 1 FROM statuses r WHERE r.reblog_of_id = COALESCE(s.reblog_of_id, s.id) AND r.account_id = v.id) AS reblogged,
        EXISTS (SELECT 1 FROM bookmarks b WHERE b.account_id = v.id AND b.status_id = COALESCE(s.reblog_of_id, s.id)) AS bookmarked,
        (s.conversation_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM conversation_mutes cm WHERE cm.account_id = v.id AND cm.conversation_id = s.conversation_id)) AS muted,
        CASE WHEN o.id IS NULL THEN NULL ELSE (o.conversation_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM conversation_mutes cm WHERE cm.account_id = v.id AND cm.conversation_id = o.conversation_id)) END AS "reblogMuted",
        EXISTS (SELECT 1 FROM custom_filters cf WHERE cf.account_id = v.id AND (cf.expires_at IS NULL OR cf.expires_at > now())) AS "hasFilters"
      FROM statuses s
      CROSS JOIN unnest(${viewers.map(String)}::text[]::bigint[]) AS v(id)
      LEFT JOIN statuses o ON o.id = s.reblog_of_id
      WHERE s.id = ${statusId}::bigint AND ${homeFeedRule(viewer)}`;
  }
}
