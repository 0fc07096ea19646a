import { testAccount } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import { suggestionToMastodon } from './to-mastodon.js';

describe('Suggestion entity mapper', () => {
  describe('for an account followed by accounts the viewer follows, and among the most followed', () => {
    it('renders golden/friends-of-friends.json: the legacy source is the first source\'s', () => {
      expectGolden(__dirname, 'friends-of-friends', suggestionToMastodon({ sources: ['FRIENDS_OF_FRIENDS', 'MOST_FOLLOWED'], account: testAccount('carol', '109876543210990001') }));
    });
  });

  describe('for an active account among the most followed', () => {
    it('renders golden/most-followed.json', () => {
      expectGolden(__dirname, 'most-followed', suggestionToMastodon({ sources: ['MOST_FOLLOWED'], account: testAccount('dave', '109876543210990002') }));
    });
  });
});
