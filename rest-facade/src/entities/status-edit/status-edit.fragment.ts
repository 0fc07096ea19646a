import { ACCOUNT_FRAGMENTS } from '../account/account.fragment.js';
import { MEDIA_ATTACHMENT_FRAGMENTS } from '../media-attachment/media-attachment.fragment.js';

/** The StatusEdit selection of the history route. */
export const STATUS_EDIT_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  ...MEDIA_ATTACHMENT_FRAGMENTS,
  `fragment StatusEditFields on StatusEdit {
  createdAt content spoilerText sensitive
  account { ...AccountFields }
  poll { options { title } }
  mediaAttachments { description attachment { ...MediaAttachmentFields } }
}`,
];
