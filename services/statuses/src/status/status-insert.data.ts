import { col, Prisma, readRow, type PrismaClient } from '@social/db';
import type { AccountStatsRecord } from '../account/account-stats.data.js';
import type { NewStatus, StatusRecord } from './status.data.js';
import { STATUS, statusRecordOf } from './status-row.data.js';

/** The new row and what the same statement learned for the answer. */
export interface InsertedStatus {
  /** Without mentions and tags (written by the caller, after). */
  record: StatusRecord;
  authorStats: AccountStatsRecord;
  authorUsername: string | null;
  newConversation: boolean;
  /** Followers who asked to be notified of the author's posts (follow's notify) in this one's language. */
  subscribers: bigint[];
}

const ROW = {
  ...STATUS.shape,
  statuses_count: col.int, followers_count: col.int, following_count: col.int, last_status_at: col.nullable(col.timestamp),
  author_username: col.nullable(col.text), new_conversation: col.bool, subscribers: col.json<string[]>(),
};

/**
 * The status row, a new conversation unless it replies into one, the
 * parent's replies_count and the author's counters, in one statement (one
 * round trip, and atomic by itself: a post with nothing else to write needs
 * no transaction). Through Prisma this was four statements, each paying the
 * client's per-query cost, plus BEGIN and COMMIT. Also answers the author's
 * username, which the answer's URL needs, and the followers to notify of it
 * (docs/api/accounts.md#follow-options), so that needs no statement of its own.
 */
export async function insertStatus(db: PrismaClient | Prisma.TransactionClient, input: NewStatus): Promise<InsertedStatus> {
  const existingConversation = input.inReplyTo?.conversationId ?? null;
  const [inserted] = await db.$queryRaw<Array<Record<string, unknown>>>(Prisma.sql`
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
    SELECT ${Prisma.raw(STATUS.select('i'))},
      s.statuses_count, s.followers_count, s.following_count, s.last_status_at,
      (SELECT username FROM accounts WHERE id = i.account_id) AS author_username,
      EXISTS (SELECT 1 FROM new_conversation) AS new_conversation,
      (SELECT coalesce(json_agg(f.account_id::text), '[]') FROM follows f
        WHERE f.target_account_id = i.account_id AND f.notify AND (f.languages IS NULL OR i.language = ANY(f.languages)))::text AS subscribers
    FROM inserted i, stats s`);
  if (!inserted) throw new Error('insertStatus: the insert returned no row');
  const row = readRow(ROW, inserted);
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
    subscribers: row.subscribers.map(BigInt),
  };
}
