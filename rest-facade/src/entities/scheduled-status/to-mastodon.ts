// Mastodon's REST::ScheduledStatusSerializer (docs/api/scheduled-statuses.md#entity): id, scheduled_at, params (the stored hash), media_attachments.
import type { ScheduledStatusFieldsFragment } from '../../gql/operations.js';
import { mediaAttachmentToMastodon } from '../media-attachment/to-mastodon.js';
import { timestamp } from '../operation.js';

/** The old name, for code merged from before the generated types. @deprecated Use ScheduledStatusFieldsFragment. @public */
export type GqlScheduledStatus = ScheduledStatusFieldsFragment;

/** An id Mastodon writes as a JSON number; kept a string when a number could not hold it exactly. */
function numericId(id: string | null): number | string | null {
  if (id === null) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : id;
}

export function scheduledStatusToMastodon(scheduled: ScheduledStatusFieldsFragment): Record<string, unknown> {
  const params = scheduled.params;
  return {
    id: scheduled.id,
    scheduled_at: timestamp(scheduled.scheduledAt),
    params: {
      text: params.text,
      poll: params.poll
        ? { options: params.poll.options, expires_in: params.poll.expiresIn, multiple: params.poll.multiple, hide_totals: params.poll.hideTotals }
        : null,
      media_ids: params.mediaIds,
      sensitive: params.sensitive,
      spoiler_text: params.spoilerText,
      visibility: params.visibility ? params.visibility.toLowerCase() : null,
      language: params.language,
      scheduled_at: null,
      idempotency: params.idempotency,
      with_rate_limit: params.withRateLimit,
      // A snowflake status id does not survive a JSON number in JavaScript clients: it stays a string (docs/api/scheduled-statuses.md#entity).
      in_reply_to_id: params.inReplyToId,
      application_id: numericId(params.applicationId),
    },
    media_attachments: scheduled.mediaAttachments.map(mediaAttachmentToMastodon),
  };
}
