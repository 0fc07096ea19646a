import { plainAccount as account } from '../account/fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import type { GqlStatus } from '../status/to-mastodon.js';
import { notificationToMastodon, type GqlNotification } from './to-mastodon.js';

const BASE = 'https://social.test';
const alice = account('alice', '109876543210987654');
const bob = account('bob', '109876543210999999');

/** Alice's status mentioning Bob, as Bob (the notified viewer) sees it. */
const mention: GqlStatus = {
  id: '115012345678901200', createdAt: '2026-08-08T11:34:47.196Z', inReplyToId: null, inReplyToAccountId: null,
  sensitive: false, spoilerText: '', visibility: 'PUBLIC', language: 'en',
  uri: `${BASE}/users/alice/statuses/115012345678901200`, url: `${BASE}/@alice/115012345678901200`,
  repliesCount: 0, reblogsCount: 0, favouritesCount: 0, editedAt: null,
  favourited: false, reblogged: false, muted: false, bookmarked: false, pinned: null,
  content: '<p><span class="h-card" translate="no"><a href="https://social.test/@bob" class="u-url mention">@<span>bob</span></a></span> tea?</p>',
  text: null, application: null, account: alice, mediaAttachments: [],
  mentions: [{ id: bob.id, username: 'bob', acct: 'bob', url: `${BASE}/@bob` }], tags: [], reblog: null,
};

const mentionNotification: GqlNotification = {
  id: '3141', type: 'MENTION', createdAt: '2026-08-08T11:34:47.5Z', groupKey: 'ungrouped-3141', account: alice, status: mention,
};

const followNotification: GqlNotification = {
  id: '3142', type: 'FOLLOW', createdAt: '2026-08-08T12:00:00Z', groupKey: 'follow-493066', account: alice, status: null,
};

describe('notificationToMastodon', () => {
  it('maps a mention with its status (golden)', () => {
    expectGolden(__dirname, 'mention', notificationToMastodon(mentionNotification));
  });

  it('maps a follow without a status key (golden)', () => {
    expectGolden(__dirname, 'follow', notificationToMastodon(followNotification));
  });

  it('maps a reblog with the boosted status and its group key (golden)', () => {
    const reblog: GqlNotification = { id: '3143', type: 'REBLOG', createdAt: '2026-08-08T12:30:00Z', groupKey: 'reblog-115012345678901200-493066', account: bob, status: { ...mention, mentions: [] } };
    expectGolden(__dirname, 'reblog', notificationToMastodon(reblog));
  });

  it('keeps status null for a status type whose status is gone', () => {
    expect(notificationToMastodon({ ...mentionNotification, type: 'FAVOURITE', status: null })).toMatchObject({ type: 'favourite', status: null });
  });
});
