import { MEDIA_ATTACHMENT_FRAGMENTS } from '../media-attachment/media-attachment.fragment.js';

/** The one ScheduledStatus selection every scheduled-status operation spreads. */
export const SCHEDULED_STATUS_FRAGMENTS = [
  ...MEDIA_ATTACHMENT_FRAGMENTS,
  `fragment ScheduledStatusFields on ScheduledStatus {
  id scheduledAt
  params {
    text poll { options expiresIn multiple hideTotals } mediaIds sensitive spoilerText visibility language
    inReplyToId applicationId idempotency withRateLimit
  }
  mediaAttachments { ...MediaAttachmentFields }
}`,
];
