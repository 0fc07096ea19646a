import type { ConversationFieldsFragment } from '../../gql/operations.js';
import { testAccount, testMention } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import { conversationToMastodon } from './to-mastodon.js';

const alice = testAccount('alice', '109876543210987654');
const bob = testAccount('bob', '109876543210988888');
const carol = testAccount('carol', '109876543210999999');

/** Alice's direct status to Bob and Carol, as Bob (the viewer) sees it. */
const lastStatus = testMention(alice, [bob, carol], 'lunch?', { visibility: 'DIRECT' });

const conversation: ConversationFieldsFragment = { id: '42', unread: true, accounts: [alice, carol], lastStatus };

describe('conversationToMastodon', () => {
  it('maps a conversation with the other participants and its newest status, keys in Mastodon\'s order (golden)', () => {
    expectGolden(__dirname, 'unread', conversationToMastodon(conversation));
  });

  it('keeps last_status null when there is none', () => {
    expect(conversationToMastodon({ ...conversation, unread: false, lastStatus: null })).toEqual({
      id: '42',
      unread: false,
      accounts: [expect.objectContaining({ id: alice.id, acct: 'alice' }), expect.objectContaining({ id: carol.id, acct: 'carol' })],
      last_status: null,
    });
  });
});
