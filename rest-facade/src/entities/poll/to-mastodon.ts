// Mastodon's REST::PollSerializer. Keys in its order (options and emojis before the viewer's attributes); voted and own_votes only with a user.
import type { PollFieldsFragment } from '../../gql/operations.js';
import { customEmojiToMastodon } from '../custom-emoji/to-mastodon.js';
import { timestamp } from '../operation.js';

/** The old name, for code merged from before the generated types. @deprecated Use PollFieldsFragment. @public */
export type GqlPoll = PollFieldsFragment;

export function pollToMastodon(poll: PollFieldsFragment): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: poll.id,
    expires_at: poll.expiresAt ? timestamp(poll.expiresAt) : null,
    expired: poll.expired,
    multiple: poll.multiple,
    votes_count: poll.votesCount,
    voters_count: poll.votersCount,
  };
  json.options = poll.options.map((option) => ({ title: option.title, votes_count: option.votesCount }));
  json.emojis = poll.emojis.map(customEmojiToMastodon);
  if (poll.voted !== null) {
    json.voted = poll.voted;
    json.own_votes = poll.ownVotes ?? [];
  }
  return json;
}
