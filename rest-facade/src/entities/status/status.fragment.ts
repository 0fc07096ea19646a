import { ACCOUNT_FRAGMENTS } from '../account/account.fragment.js';
import { MEDIA_ATTACHMENT_FRAGMENTS } from '../media-attachment/media-attachment.fragment.js';
import { FILTER_FRAGMENTS } from '../filter/filter.fragment.js';
import { POLL_FRAGMENTS } from '../poll/poll.fragment.js';
import { PREVIEW_CARD_FRAGMENTS } from '../preview-card/preview-card.fragment.js';

/** The one Status selection every status operation spreads. */
export const STATUS_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  ...MEDIA_ATTACHMENT_FRAGMENTS,
  ...POLL_FRAGMENTS,
  ...PREVIEW_CARD_FRAGMENTS,
  ...FILTER_FRAGMENTS,
  `fragment StatusBase on Status {
  id createdAt inReplyToId inReplyToAccountId sensitive spoilerText visibility language uri url
  repliesCount reblogsCount favouritesCount editedAt favourited reblogged muted bookmarked pinned
  content text
  application { name website }
  account { ...AccountFields }
  mediaAttachments { ...MediaAttachmentFields }
  mentions { id username acct url }
  tags { name url }
  poll { ...PollFields }
  card { ...PreviewCardFields }
  filtered { filter { ...FilterFields } keywordMatches statusMatches }
}`,
  `fragment StatusFields on Status {
  ...StatusBase
  reblog { ...StatusBase }
}`,
];
