import { testAccount as plainAccount } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import { familiarFollowersToMastodon } from './to-mastodon.js';

describe('FamiliarFollowers entity mapper', () => {
  describe('for an account two of whose followers the viewer follows', () => {
    it('renders golden/two.json', () => {
      const json = familiarFollowersToMastodon({
        id: '109876543210987654',
        accounts: [plainAccount('carol', '109876543210990001'), plainAccount('dave', '109876543210990002')],
      });

      expectGolden(__dirname, 'two', json);
    });
  });

  describe('for an account none of whose followers the viewer follows', () => {
    it('renders golden/none.json', () => {
      expectGolden(__dirname, 'none', familiarFollowersToMastodon({ id: '109876543210987654', accounts: [] }));
    });
  });
});
