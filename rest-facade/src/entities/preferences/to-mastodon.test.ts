import { expectGolden } from '../golden.test-helper.js';
import { preferencesToMastodon } from './to-mastodon.js';

describe('preferencesToMastodon', () => {
  it("uses Mastodon's colon-separated keys (golden)", () => {
    expectGolden(__dirname, 'preferences', preferencesToMastodon({
      postingDefaultVisibility: 'unlisted',
      postingDefaultSensitive: true,
      postingDefaultLanguage: 'de',
      readingExpandMedia: 'default',
      readingExpandSpoilers: false,
    }));
  });
});
