// Mastodon's REST::ConversationSerializer: id, unread, the other participants, the newest status.
import { accountToMastodon, type GqlAccount } from '../account/to-mastodon.js';
import { statusToMastodon, type GqlStatus } from '../status/to-mastodon.js';

export interface GqlConversation {
  id: string;
  unread: boolean;
  accounts: GqlAccount[];
  lastStatus: GqlStatus | null;
}

export function conversationToMastodon(conversation: GqlConversation): Record<string, unknown> {
  return {
    id: conversation.id,
    unread: conversation.unread,
    accounts: conversation.accounts.map(accountToMastodon),
    last_status: conversation.lastStatus ? statusToMastodon(conversation.lastStatus) : null,
  };
}
