import type { StatusRecord } from './status.data.js';

/** A statuses row as raw SQL returns it (visibility cast to text). */
export interface StatusRow {
  id: bigint; account_id: bigint; application_id: bigint | null; text: string; spoiler_text: string; sensitive: boolean;
  visibility: StatusRecord['visibility']; language: string | null; in_reply_to_id: bigint | null; in_reply_to_account_id: bigint | null;
  reblog_of_id: bigint | null; conversation_id: bigint | null; replies_count: number; reblogs_count: number; favourites_count: number;
  created_at: Date; updated_at: Date; edited_at: Date | null;
}

/** The record Prisma's include would give for the row, its mentions and tags. */
export function statusRecordOf(row: StatusRow, mentions: StatusRecord['mentions'], tags: StatusRecord['tags']): StatusRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    applicationId: row.application_id,
    text: row.text,
    spoilerText: row.spoiler_text,
    sensitive: row.sensitive,
    visibility: row.visibility,
    language: row.language,
    inReplyToId: row.in_reply_to_id,
    inReplyToAccountId: row.in_reply_to_account_id,
    reblogOfId: row.reblog_of_id,
    conversationId: row.conversation_id,
    repliesCount: row.replies_count,
    reblogsCount: row.reblogs_count,
    favouritesCount: row.favourites_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    editedAt: row.edited_at,
    mentions,
    tags,
  };
}
