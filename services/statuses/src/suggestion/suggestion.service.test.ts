import { mergeSources } from './suggestion.service.js';
import { SuggestionSource } from './suggestion.type.js';

describe('mergeSources', () => {
  it('keeps the order of the sources, then of each source', () => {
    expect(mergeSources([[SuggestionSource.FRIENDS_OF_FRIENDS, [3n, 1n]], [SuggestionSource.MOST_FOLLOWED, [2n]]])).toEqual([
      { id: 3n, sources: [SuggestionSource.FRIENDS_OF_FRIENDS] },
      { id: 1n, sources: [SuggestionSource.FRIENDS_OF_FRIENDS] },
      { id: 2n, sources: [SuggestionSource.MOST_FOLLOWED] },
    ]);
  });

  it('answers an account several sources name once, where the first put it, with every source', () => {
    expect(mergeSources([[SuggestionSource.FRIENDS_OF_FRIENDS, [1n, 2n]], [SuggestionSource.MOST_FOLLOWED, [2n, 4n, 1n]]])).toEqual([
      { id: 1n, sources: [SuggestionSource.FRIENDS_OF_FRIENDS, SuggestionSource.MOST_FOLLOWED] },
      { id: 2n, sources: [SuggestionSource.FRIENDS_OF_FRIENDS, SuggestionSource.MOST_FOLLOWED] },
      { id: 4n, sources: [SuggestionSource.MOST_FOLLOWED] },
    ]);
  });

  it('answers nothing for no candidates', () => {
    expect(mergeSources([[SuggestionSource.FRIENDS_OF_FRIENDS, []], [SuggestionSource.MOST_FOLLOWED, []]])).toEqual([]);
  });
});
