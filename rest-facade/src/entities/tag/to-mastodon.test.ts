import { expectGolden } from '../golden.test-helper.js';
import type { TagFieldsFragment } from '../../gql/operations.js';
import { tagToMastodon } from './to-mastodon.js';

const history = [
  { day: '2026-11-25T00:00:00.000Z', uses: 3, accounts: 2 },
  { day: '2026-11-24T00:00:00.000Z', uses: 0, accounts: 0 },
];

describe('tagToMastodon', () => {
  it('maps a stored hashtag for a signed-in user: its display name, history as strings, the flags (golden)', () => {
    const tag: TagFieldsFragment = { id: '7', name: 'caturday', displayName: 'CatUrday', url: 'https://example.test/tags/caturday', history, following: true, featuring: false };
    expectGolden(__dirname, 'tag', tagToMastodon(tag));
  });

  it('leaves out the id of a hashtag never stored and the flags without a user (golden)', () => {
    const tag: TagFieldsFragment = { id: null, name: 'unused', displayName: 'unused', url: 'https://example.test/tags/unused', history: [], following: null, featuring: null };
    expectGolden(__dirname, 'tag-anonymous', tagToMastodon(tag));
  });
});
