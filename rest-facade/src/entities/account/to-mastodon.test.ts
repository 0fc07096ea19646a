import type { AccountFieldsFragment, CredentialAccountFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { accountToMastodon, credentialAccountToMastodon } from './to-mastodon.js';

/** A local account as the gateway returns it (AccountFields). */
const alice: AccountFieldsFragment = {
  id: '109876543210987654',
  username: 'alice',
  acct: 'alice',
  displayName: 'Alice Liddell',
  locked: false,
  bot: false,
  discoverable: true,
  indexable: true,
  hideCollections: true,
  group: false,
  createdAt: '2026-03-14T15:09:26.535Z',
  note: '<p>Curiouser &amp; curiouser.</p>',
  url: 'https://social.test/@alice',
  uri: 'https://social.test/users/alice',
  avatar: 'https://social.test/system/accounts/avatars/109/876/543/210/987/654/original/a1b2c3.png',
  avatarStatic: 'https://social.test/system/accounts/avatars/109/876/543/210/987/654/original/a1b2c3.png',
  header: 'https://social.test/headers/original/missing.png',
  headerStatic: 'https://social.test/headers/original/missing.png',
  noindex: false,
  suspended: false,
  limited: false,
  statusesCount: 42,
  followersCount: 7,
  followingCount: 3,
  lastStatusAt: '2026-08-08T23:34:47.196Z',
  fields: [
    {
      name: 'Website',
      value: '<a href="https://alice.example" target="_blank" rel="nofollow noopener me" translate="no"><span class="invisible">https://</span><span class="">alice.example</span><span class="invisible"></span></a>',
      verifiedAt: '2026-04-01T08:00:00Z',
    },
    { name: 'Pronouns', value: 'she/her', verifiedAt: null },
  ],
  emojis: [
    {
      shortcode: 'rabbit',
      url: 'https://social.test/system/custom_emojis/images/000/000/001/original/rabbit.png',
      staticUrl: 'https://social.test/system/custom_emojis/images/000/000/001/static/rabbit.png',
      visibleInPicker: true,
    },
  ],
};

/** The same account as verify_credentials fetches it (CredentialAccountFields). */
const aliceWithSource: CredentialAccountFieldsFragment = {
  ...alice,
  source: {
    privacy: 'unlisted',
    sensitive: true,
    language: 'en',
    note: 'Curiouser & curiouser.',
    followRequestsCount: 2,
    fields: [
      { name: 'Website', value: 'https://alice.example', verifiedAt: '2026-04-01T08:00:00Z' },
      { name: 'Pronouns', value: 'she/her', verifiedAt: null },
    ],
  },
};

describe('Account entity mapper', () => {
  describe('for a local account', () => {
    it('renders golden/account.json', () => {
      expectGolden(__dirname, 'account', accountToMastodon(alice));
    });

    it('truncates created_at to midnight UTC, with milliseconds', () => {
      expect(accountToMastodon(alice).created_at).toBe('2026-03-14T00:00:00.000Z');
    });

    it('shows last_status_at as the UTC date only', () => {
      expect(accountToMastodon(alice).last_status_at).toBe('2026-08-08');
    });

    it('gives verified_at with milliseconds, and null for an unverified field', () => {
      expect(accountToMastodon(alice).fields.map((f) => f.verified_at)).toEqual(['2026-04-01T08:00:00.000Z', null]);
    });

    it('omits suspended rather than sending false', () => {
      expect(accountToMastodon(alice)).not.toHaveProperty('suspended');
    });

    // Mastodon sends `limited` only when silenced, but docs/api/client-compatibility.md#responses records
    // clients crashing on its absence: it is always present, false here.
    it('sends limited: false for an account that is not silenced', () => {
      expect(accountToMastodon(alice)).toHaveProperty('limited', false);
    });
  });

  describe('for an account that never posted', () => {
    it('gives last_status_at null', () => {
      expect(accountToMastodon({ ...alice, statusesCount: 0, lastStatusAt: null }).last_status_at).toBeNull();
    });
  });

  describe('for a suspended account', () => {
    it('adds suspended: true', () => {
      expect(accountToMastodon({ ...alice, suspended: true }).suspended).toBe(true);
    });
  });

  describe('for a limited (silenced) account', () => {
    it('gives limited: true', () => {
      expect(accountToMastodon({ ...alice, limited: true }).limited).toBe(true);
    });
  });

  describe('for the signed-in account (verify_credentials)', () => {
    it('renders golden/credential-account.json', () => {
      expectGolden(__dirname, 'credential-account', credentialAccountToMastodon(aliceWithSource));
    });

    it('adds source and role to the public account fields', () => {
      const { source, role, ...rest } = credentialAccountToMastodon(aliceWithSource);
      expect(rest).toEqual(accountToMastodon(aliceWithSource));
      expect(source.note).toBe('Curiouser & curiouser.');
      expect(role).toEqual({ id: '-99', name: '', permissions: '0', color: '', highlighted: false });
    });
  });

  describe('for the signed-in account when the gateway sent no source', () => {
    it("falls back to Mastodon's defaults", () => {
      expect(credentialAccountToMastodon({ ...alice, source: null }).source).toEqual({
        privacy: 'public',
        sensitive: false,
        language: null,
        note: '',
        fields: [],
        follow_requests_count: 0,
        hide_collections: true,
        discoverable: true,
        indexable: true,
        attribution_domains: [],
        quote_policy: 'public',
      });
    });
  });
});
