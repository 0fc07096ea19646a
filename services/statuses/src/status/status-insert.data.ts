import { Prisma, type PrismaClient } from '@social/db';
import type { AccountStatsRecord } from '../account/account-stats.data.js';
import type { NewStatus, StatusRecord } from './status.data.js';
import { statusRecordOf, type StatusRow } from './status-row.data.js';

/** The new row and what the same statement learned for the answer. */
export interface InsertedStatus {
  /** Without mentions and tags (written by the caller, after). */
  record: StatusRecord;
  authorStats: AccountStatsRecord;
  authorUsername: string | null;
  newConversation: boolean;
}

interface Row extends StatusRow {
  statuses_count: number; followers_count: number; following_count: number; last_status_at: Date | null;
  author_username: string | null; new_conversation: boolean;
}

/**
 * The status row, a new conversation unless it replies into one, the
 * parent's replies_count and the author's counters, in one statement (one
 * round trip, and atomic by itself: a post with nothing else to write needs
 * no transaction). Through Prisma this was four statements, each paying the
 * client's per-query cost, plus BEGIN and COMMIT. Also answers the author's
 * username, which the answer's URL needs.
 */
export async function insertStatus(db: PrismaClient | Prisma.TransactionClient, input: NewStatus): Promise<InsertedStatus> {
  const existingConversation = input.inReplyTo?.conversationId ?? null;
  const [row] = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH new_conversation AS (
      INSERT INTO conversations (created_at) SELECT now() WHERE ${existingConversation}::bigint IS NULL RETURNING id
    ), inserted AS (
      INSERT INTO statuses (account_id, application_id, text, spoiler_text, sensitive, visibility, language,
        in_reply_to_id, in_reply_to_account_id, conversation_id, updated_at)
      VALUES (${input.accountId}::bigint, ${input.applicationId}::bigint, ${input.text}, ${input.spoilerText}, ${input.sensitive},
        ${input.visibility}::"Visibility", ${input.language}, ${input.inReplyTo?.id ?? null}::bigint, ${input.inReplyTo?.accountId ?? null}::bigint,
        coalesce(${existingConversation}::bigint, (SELECT id FROM new_conversation)), now())
      RETURNING *
    ), replied AS (
      UPDATE statuses SET replies_count = replies_count + 1 WHERE id = ${input.inReplyTo?.id ?? null}::bigint
    ), stats AS (
      INSERT INTO account_stats (account_id, statuses_count, last_status_at)
      SELECT account_id, 1, created_at FROM inserted
      ON CONFLICT (account_id) DO UPDATE SET statuses_count = account_stats.statuses_count + 1, last_status_at = excluded.last_status_at
      RETURNING statuses_count, followers_count, following_count, last_status_at
    )
    SELECT i.id, i.account_id, i.application_id, i.text, i.spoiler_text, i.sensitive, i.visibility::text AS visibility, i.language,
      i.in_reply_to_id, i.in_reply_to_account_id, i.reblog_of_id, i.conversation_id, i.replies_count, i.reblogs_count,
      i.favourites_count, i.created_at, i.updated_at, i.edited_at,
      s.statuses_count, s.followers_count, s.following_count, s.last_status_at,
      (SELECT username FROM accounts WHERE id = i.account_id) AS author_username,
      EXISTS (SELECT 1 FROM new_conversation) AS new_conversation
    FROM inserted i, stats s`);
  if (!row) throw new Error('insertStatus: the insert returned no row');
  return {
    record: statusRecordOf(row, [], []),
    authorStats: {
      statusesCount: row.statuses_count,
      followersCount: row.followers_count,
      followingCount: row.following_count,
      lastStatusAt: row.last_status_at,
    },
    authorUsername: row.author_username,
    newConversation: row.new_conversation,
  };
}
