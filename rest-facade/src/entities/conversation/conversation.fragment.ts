import { ACCOUNT_FRAGMENTS } from '../account/account.fragment.js';
import { STATUS_FRAGMENTS } from '../status/status.fragment.js';

/** The one Conversation selection (REST and the direct stream). */
export const CONVERSATION_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  ...STATUS_FRAGMENTS,
  `fragment ConversationFields on Conversation {
  id unread
  accounts { ...AccountFields }
  lastStatus { ...StatusFields }
}`,
];
