import type { PollFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { pollToMastodon } from './to-mastodon.js';

const base: PollFieldsFragment = {
  id: '7',
  expiresAt: '2026-11-22T10:00:00.000Z',
  expired: false,
  multiple: false,
  votesCount: 3,
  votersCount: 3,
  voted: null,
  ownVotes: null,
  options: [
    { title: 'Tea', votesCount: 2 },
    { title: 'Coffee', votesCount: 1 },
  ],
  emojis: [],
};

describe('pollToMastodon', () => {
  it('maps a poll for an anonymous reader without voted and own_votes', () => {
    expectGolden(__dirname, 'anonymous', pollToMastodon(base));
  });

  it('adds voted and own_votes for a user', () => {
    expectGolden(__dirname, 'voter', pollToMastodon({ ...base, voted: true, ownVotes: [0] }));
  });

  it("maps the custom emojis of its answers as an account's are embedded", () => {
    const emoji = { shortcode: 'rabbit', url: 'https://social.test/e/rabbit.png', staticUrl: 'https://social.test/e/rabbit-static.png', visibleInPicker: true };
    expect(pollToMastodon({ ...base, emojis: [emoji] }).emojis).toEqual([
      { shortcode: 'rabbit', url: 'https://social.test/e/rabbit.png', static_url: 'https://social.test/e/rabbit-static.png', visible_in_picker: true },
    ]);
  });

  it('keeps null option counts while totals are hidden', () => {
    expectGolden(__dirname, 'hidden-totals', pollToMastodon({ ...base, multiple: true, options: base.options.map((o) => ({ ...o, votesCount: null })) }));
  });
});
