import type { RelationshipFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { relationshipToMastodon } from './to-mastodon.js';

const NONE: RelationshipFieldsFragment = {
  id: '109876543210987654',
  following: false,
  showingReblogs: false,
  notifying: false,
  languages: null,
  followedBy: false,
  blocking: false,
  blockedBy: false,
  muting: false,
  mutingNotifications: false,
  mutingExpiresAt: null,
  requested: false,
  requestedBy: false,
  domainBlocking: false,
  endorsed: false,
  note: '',
};

describe('Relationship entity mapper', () => {
  describe('for an account the viewer does not follow', () => {
    it('renders golden/none.json', () => {
      expectGolden(__dirname, 'none', relationshipToMastodon(NONE));
    });
  });

  describe('for a blocked and muted account, the mute lapsing', () => {
    it('renders golden/blocked-muted.json', () => {
      const json = relationshipToMastodon({ ...NONE, blocking: true, muting: true, mutingNotifications: true, mutingExpiresAt: '2026-11-25T03:00:00.000Z' });

      expectGolden(__dirname, 'blocked-muted', json);
    });
  });

  describe('for a mutual follow with boosts hidden and notifications on', () => {
    it('renders golden/mutual.json', () => {
      const json = relationshipToMastodon({ ...NONE, following: true, followedBy: true, showingReblogs: false, notifying: true, languages: ['en', 'de'] });

      expectGolden(__dirname, 'mutual', json);
    });
  });

  describe('with a private note', () => {
    it('renders golden/noted.json, the note as written', () => {
      expectGolden(__dirname, 'noted', relationshipToMastodon({ ...NONE, note: 'Met at the meetup\nlikes <tea> & "coffee"' }));
    });
  });
});
