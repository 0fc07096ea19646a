import { col, Entity, type RowOf } from '@social/db';
import type { StatusRecord } from './status.data.js';

/** The statuses columns every raw statement selects (its read, its insert's RETURNING), named as the record's fields. */
export const STATUS = new Entity({
  id: ['id', col.bigint],
  accountId: ['account_id', col.bigint],
  applicationId: ['application_id', col.nullable(col.bigint)],
  text: ['text', col.text],
  spoilerText: ['spoiler_text', col.text],
  sensitive: ['sensitive', col.bool],
  visibility: ['visibility', col.enumText<StatusRecord['visibility']>()],
  language: ['language', col.nullable(col.text)],
  inReplyToId: ['in_reply_to_id', col.nullable(col.bigint)],
  inReplyToAccountId: ['in_reply_to_account_id', col.nullable(col.bigint)],
  reblogOfId: ['reblog_of_id', col.nullable(col.bigint)],
  conversationId: ['conversation_id', col.nullable(col.bigint)],
  repliesCount: ['replies_count', col.int],
  reblogsCount: ['reblogs_count', col.int],
  favouritesCount: ['favourites_count', col.int],
  createdAt: ['created_at', col.timestamp],
  updatedAt: ['updated_at', col.timestamp],
  editedAt: ['edited_at', col.nullable(col.timestamp)],
});

/** A statuses row as STATUS reads it. */
export type StatusRow = RowOf<typeof STATUS.shape>;

/** The record Prisma's include would give for the row, its mentions and tags. */
export function statusRecordOf(row: StatusRow, mentions: StatusRecord['mentions'], tags: StatusRecord['tags']): StatusRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    applicationId: row.applicationId,
    text: row.text,
    spoilerText: row.spoilerText,
    sensitive: row.sensitive,
    visibility: row.visibility,
    language: row.language,
    inReplyToId: row.inReplyToId,
    inReplyToAccountId: row.inReplyToAccountId,
    reblogOfId: row.reblogOfId,
    conversationId: row.conversationId,
    repliesCount: row.repliesCount,
    reblogsCount: row.reblogsCount,
    favouritesCount: row.favouritesCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    editedAt: row.editedAt,
    mentions,
    tags,
  };
}
