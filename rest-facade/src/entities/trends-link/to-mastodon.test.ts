import { TEST_LINK_CARD } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import { trendsLinkToMastodon } from './to-mastodon.js';

describe('trendsLinkToMastodon', () => {
  it("maps a trending link: the card's fields, then its history as strings (golden)", () => {
    expectGolden(
      __dirname,
      'link',
      trendsLinkToMastodon({
        card: { ...TEST_LINK_CARD, imageDescription: '', publishedAt: null },
        history: [
          { day: '2026-11-25T00:00:00.000Z', uses: 3, accounts: 2 },
          { day: '2026-11-24T00:00:00.000Z', uses: 0, accounts: 0 },
        ],
      }),
    );
  });
});
