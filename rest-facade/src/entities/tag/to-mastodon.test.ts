import { expectGolden } from '../golden.test-helper.js';
import { tagToMastodon } from './to-mastodon.js';

describe('tagToMastodon', () => {
  it('gives the name in lookup form, its page and an empty history (golden)', () => {
    expectGolden(__dirname, 'tag', tagToMastodon({ name: 'café', url: 'https://social.example/tags/caf%C3%A9' }));
  });
});
