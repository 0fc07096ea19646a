// Mastodon's REST::ConversationSerializer: id, unread, the other participants, the newest status.
import type { ConversationFieldsFragment } from '../../gql/operations.js';
import { accountToMastodon } from '../account/to-mastodon.js';
import { statusToMastodon } from '../status/to-mastodon.js';

/** The old name, for code merged from before the generated types. @deprecated Use ConversationFieldsFragment. @public */
export type GqlConversation = ConversationFieldsFragment;

export function conversationToMastodon(conversation: ConversationFieldsFragment): Record<string, unknown> {
  return {
    id: conversation.id,
    unread: conversation.unread,
    accounts: conversation.accounts.map(accountToMastodon),
    last_status: conversation.lastStatus ? statusToMastodon(conversation.lastStatus) : null,
  };
}
