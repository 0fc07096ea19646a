// Mastodon's REST::StatusEditSerializer (docs/api/edits.md#history).
import type { StatusEditFieldsFragment } from '../../gql/operations.js';
import { accountToMastodon } from '../account/to-mastodon.js';
import { mediaAttachmentToMastodon } from '../media-attachment/to-mastodon.js';
import { customEmojiToMastodon } from '../custom-emoji/to-mastodon.js';
import { timestamp } from '../operation.js';

/** One version: its attachments with the descriptions they had then; one whose file is gone is left out. */
export function statusEditToMastodon(edit: StatusEditFieldsFragment): Record<string, unknown> {
  const json: Record<string, unknown> = {
    content: edit.content,
    spoiler_text: edit.spoilerText,
    sensitive: edit.sensitive,
    created_at: timestamp(edit.createdAt),
    account: accountToMastodon(edit.account),
  };
  if (edit.poll) json.poll = { options: edit.poll.options.map((option) => ({ title: option.title })) };
  json.media_attachments = edit.mediaAttachments.flatMap(({ description, attachment }) =>
    attachment ? [{ ...mediaAttachmentToMastodon(attachment), description }] : [],
  );
  json.emojis = edit.emojis.map(customEmojiToMastodon);
  return json;
}
