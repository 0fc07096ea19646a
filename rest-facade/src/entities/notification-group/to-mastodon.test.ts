import type { NotificationGroupPageFieldsFragment } from '../../gql/operations.js';
import { testAccount as account, testMention } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import { notificationGroupPageToMastodon, notificationGroupToMastodon, type GqlNotificationGroup } from './to-mastodon.js';

const viewer = account('viewer', '109876543210900000');
const alice = account('alice', '109876543210987654');
const carol = account('carol', '109876543210999999');

/** The viewer's status, favourited by Alice and Carol; Alice's mention of the viewer. */
const own = testMention(viewer, [], 'my tea', { id: '115012345678901200' });
const mention = testMention(alice, [viewer], 'tea?', { id: '115012345678901300' });

const favourites: GqlNotificationGroup = {
  groupKey: 'favourite-115012345678901200-493066', type: 'FAVOURITE', notificationsCount: 3, mostRecentNotificationId: '3145',
  pageMinId: '3141', pageMaxId: '3145', latestPageNotificationAt: '2026-08-08T10:59:00.5Z', sampleAccountIds: [carol.id, alice.id], statusId: own.id,
};
const mentioned: GqlNotificationGroup = {
  groupKey: 'ungrouped-3146', type: 'MENTION', notificationsCount: 1, mostRecentNotificationId: '3146',
  pageMinId: '3146', pageMaxId: '3146', latestPageNotificationAt: '2026-08-08T11:34:47Z', sampleAccountIds: [alice.id], statusId: mention.id,
};
const follows: GqlNotificationGroup = {
  groupKey: 'follow-493066', type: 'FOLLOW', notificationsCount: 1, mostRecentNotificationId: '3140',
  pageMinId: '3140', pageMaxId: '3140', latestPageNotificationAt: '2026-08-08T10:01:00Z', sampleAccountIds: [carol.id], statusId: null,
};
const page: NotificationGroupPageFieldsFragment = { groups: [mentioned, favourites, follows], accounts: [alice, carol], statuses: [mention, own], nextMaxId: '3140', prevMinId: '3146' };

describe('notificationGroupPageToMastodon', () => {
  it('maps a page: each account and status once, then the groups (golden)', () => {
    expectGolden(__dirname, 'page', notificationGroupPageToMastodon(page));
  });

  it('with partial_avatars, keeps each group\'s most recent account whole and the others as avatars (golden)', () => {
    expectGolden(__dirname, 'page-partial-avatars', notificationGroupPageToMastodon({ ...page, groups: [favourites], statuses: [own] }, 'partial_avatars'));
  });
});

describe('notificationGroupToMastodon', () => {
  it('leaves out the page bounds of a group shown alone, and status_id for a follow', () => {
    expect(notificationGroupToMastodon({ ...follows, pageMinId: null, pageMaxId: null, latestPageNotificationAt: null })).toEqual({
      group_key: 'follow-493066', notifications_count: 1, type: 'follow', most_recent_notification_id: '3140', sample_account_ids: [carol.id],
    });
  });
});
