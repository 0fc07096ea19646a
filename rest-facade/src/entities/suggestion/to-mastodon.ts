// Mastodon's REST::SuggestionSerializer.
import type { SuggestionFieldsFragment, SuggestionSource } from '../../gql/operations.js';
import { accountToMastodon } from '../account/to-mastodon.js';

/** The REST names of the sources, and the deprecated `source` each stands for (Mastodon's LEGACY_SOURCE_TYPE_MAP). */
const SOURCES: Record<SuggestionSource, { name: string; legacy: string }> = {
  FRIENDS_OF_FRIENDS: { name: 'friends_of_friends', legacy: 'past_interactions' },
  MOST_FOLLOWED: { name: 'most_followed', legacy: 'global' },
};

export function suggestionToMastodon(suggestion: SuggestionFieldsFragment) {
  return {
    source: SOURCES[suggestion.sources[0]].legacy,
    sources: suggestion.sources.map((source) => SOURCES[source].name),
    account: accountToMastodon(suggestion.account),
  };
}
