import { testAccount as account, testMention } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import { notificationRequestToMastodon } from './to-mastodon.js';

const alice = account('alice', '109876543210987654');
const bob = account('bob', '109876543210999999');

describe('notificationRequestToMastodon', () => {
  it('maps a request with its last status and the count as a string (golden)', () => {
    expectGolden(__dirname, 'with-status', notificationRequestToMastodon({
      id: '12', createdAt: '2026-08-08T11:34:47.5Z', updatedAt: '2026-08-08T12:00:00Z', notificationsCount: 3, account: alice, lastStatus: testMention(alice, [bob], 'hi?'),
    }));
  });

  it('keeps last_status null when there is none', () => {
    const json = notificationRequestToMastodon({ id: '13', createdAt: '2026-08-08T11:34:47Z', updatedAt: '2026-08-08T11:34:47Z', notificationsCount: 1, account: alice, lastStatus: null });
    expect(json).toMatchObject({ id: '13', notifications_count: '1', last_status: null });
  });
});
