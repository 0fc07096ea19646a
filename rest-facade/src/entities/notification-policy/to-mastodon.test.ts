import type { NotificationPolicyFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { notificationPolicyToMastodon, notificationPolicyV1ToMastodon } from './to-mastodon.js';

const policy: NotificationPolicyFieldsFragment = {
  forNotFollowing: 'FILTER',
  forNotFollowers: 'ACCEPT',
  forNewAccounts: 'DROP',
  forPrivateMentions: 'FILTER',
  forLimitedAccounts: 'FILTER',
  summary: { pendingRequestsCount: 2, pendingNotificationsCount: 5 },
};

describe('notificationPolicyToMastodon', () => {
  it('maps the v2 policy with numeric counts (golden)', () => {
    expectGolden(__dirname, 'v2', notificationPolicyToMastodon(policy));
  });

  it('maps the v1 policy with booleans and string counts (golden)', () => {
    expectGolden(__dirname, 'v1', notificationPolicyV1ToMastodon(policy));
  });
});
