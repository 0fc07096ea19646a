import type { NotificationFieldsFragment } from '../../gql/operations.js';
import { testAccount as account, testMention } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import { notificationToMastodon } from './to-mastodon.js';

const alice = account('alice', '109876543210987654');
const bob = account('bob', '109876543210999999');

/** Alice's status mentioning Bob, as Bob (the notified viewer) sees it. */
const mention = testMention(alice, [bob], 'tea?');

const mentionNotification: NotificationFieldsFragment = {
  id: '3141', type: 'MENTION', createdAt: '2026-08-08T11:34:47.5Z', groupKey: 'ungrouped-3141', account: alice, status: mention,
};

const followNotification: NotificationFieldsFragment = {
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
    const reblog: NotificationFieldsFragment = { id: '3143', type: 'REBLOG', createdAt: '2026-08-08T12:30:00Z', groupKey: 'reblog-115012345678901200-493066', account: bob, status: { ...mention, mentions: [] } };
    expectGolden(__dirname, 'reblog', notificationToMastodon(reblog));
  });

  it('marks a notification the policy filtered, right after its group key (golden)', () => {
    expectGolden(__dirname, 'filtered', notificationToMastodon({ ...mentionNotification, filtered: true }));
  });

  it('keeps status null for a status type whose status is gone', () => {
    expect(notificationToMastodon({ ...mentionNotification, type: 'FAVOURITE', status: null })).toMatchObject({ type: 'favourite', status: null });
  });
});
