import type { AccountFieldsFragment } from '../../gql/operations.js';
import { accountToMastodon } from '../account/to-mastodon.js';
import { expectGolden } from '../golden.test-helper.js';
import { statusToMastodon, type GqlStatus } from './to-mastodon.js';

const BASE = 'https://social.test';

/** Key order of Mastodon's REST::StatusSerializer (docs/api/statuses.md#entities): attributes, then associations. */
const MASTODON_STATUS_KEYS = [
  'id', 'created_at', 'in_reply_to_id', 'in_reply_to_account_id', 'sensitive', 'spoiler_text', 'visibility',
  'language', 'uri', 'url', 'replies_count', 'reblogs_count', 'favourites_count', 'quotes_count', 'edited_at',
  'favourited', 'reblogged', 'muted', 'bookmarked', 'pinned', 'content', 'text',
  'filtered', 'reblog', 'application', 'account', 'media_attachments', 'mentions', 'tags', 'emojis',
  'tagged_collections', 'quote', 'card', 'poll', 'quote_approval',
];

const VIEWER_FLAGS = ['favourited', 'reblogged', 'muted', 'bookmarked', 'pinned'];

function author(username: string, id: string): AccountFieldsFragment {
  return {
    id,
    username,
    acct: username,
    displayName: username[0]?.toUpperCase() + username.slice(1),
    locked: false,
    bot: false,
    discoverable: false,
    indexable: false,
    hideCollections: false,
    group: false,
    createdAt: '2026-03-14T15:09:26.535Z',
    note: '',
    url: `${BASE}/@${username}`,
    uri: `${BASE}/users/${username}`,
    avatar: `${BASE}/avatars/original/missing.png`,
    avatarStatic: `${BASE}/avatars/original/missing.png`,
    header: `${BASE}/headers/original/missing.png`,
    headerStatic: `${BASE}/headers/original/missing.png`,
    noindex: false,
    suspended: false,
    limited: false,
    statusesCount: 12,
    followersCount: 1,
    followingCount: 1,
    lastStatusAt: '2026-08-08T11:34:47.196Z',
    fields: [],
    emojis: [],
  };
}

const alice = author('alice', '109876543210987654');
const bob = author('bob', '109876543210999999');

/** A public status with an image, a mention and a hashtag, as an anonymous viewer gets it (StatusFields). */
const publicStatus: GqlStatus = {
  id: '115012345678901200',
  createdAt: '2026-08-08T11:34:47.196Z',
  inReplyToId: null,
  inReplyToAccountId: null,
  sensitive: false,
  spoilerText: '',
  visibility: 'PUBLIC',
  language: 'en',
  uri: `${BASE}/users/alice/statuses/115012345678901200`,
  url: `${BASE}/@alice/115012345678901200`,
  repliesCount: 1,
  reblogsCount: 2,
  favouritesCount: 3,
  editedAt: null,
  favourited: null,
  reblogged: null,
  muted: null,
  bookmarked: null,
  pinned: null,
  content:
    '<p><span class="h-card" translate="no"><a href="https://social.test/@bob" class="u-url mention">@<span>bob</span></a></span>' +
    ' Down the rabbit hole &amp; back <a href="https://social.test/tags/wonderland" class="mention hashtag" rel="tag">#<span>wonderland</span></a></p>',
  text: null,
  application: null,
  account: alice,
  mediaAttachments: [
    {
      id: '115012345678901234',
      type: 'IMAGE',
      url: `${BASE}/system/media_attachments/files/115/012/345/678/901/234/original/4f1c2d.png`,
      previewUrl: `${BASE}/system/media_attachments/files/115/012/345/678/901/234/small/4f1c2d.png`,
      remoteUrl: null,
      textUrl: `${BASE}/media/yZ6mN1t2Qp8xLw0rVb7KcA`,
      description: 'A white rabbit checking a pocket watch',
      blurhash: 'UFGuU~xu4nt7~qRjD%xu?bWBIUof%MWBxuRj',
      meta: {
        focus: { x: 0, y: 0 },
        original: { width: 1920, height: 1080, size: '1920x1080', aspect: 1.7777777777777777 },
        small: { width: 640, height: 360, size: '640x360', aspect: 1.7777777777777777 },
      },
    },
  ],
  mentions: [{ id: bob.id, username: 'bob', acct: 'bob', url: `${BASE}/@bob` }],
  tags: [{ name: 'wonderland', url: `${BASE}/tags/wonderland` }],
  emojis: [],
  poll: null,
  card: null,
  reblog: null,
};

/** The same status as its author sees it: viewer flags, pinned, the posting app, an edit. */
const ownStatus: GqlStatus = {
  ...publicStatus,
  editedAt: '2026-08-08T12:00:00Z',
  favourited: false,
  reblogged: false,
  muted: false,
  bookmarked: true,
  pinned: true,
  text: '@bob Down the rabbit hole & back #wonderland',
  application: { name: 'Ice Cubes', website: 'https://github.com/Dimillian/IceCubesApp' },
};

/** Bob's boost of Alice's status, as an anonymous viewer gets it; the boosted status has no reblog field. */
const { reblog: _omitted, ...boostedStatus } = publicStatus;
const boost: GqlStatus = {
  id: '115012345678901300',
  createdAt: '2026-08-08T13:00:01.002Z',
  inReplyToId: null,
  inReplyToAccountId: null,
  sensitive: false,
  spoilerText: '',
  visibility: 'PUBLIC',
  language: null,
  uri: `${BASE}/users/bob/statuses/115012345678901300`,
  url: null,
  repliesCount: 0,
  reblogsCount: 0,
  favouritesCount: 0,
  editedAt: null,
  favourited: null,
  reblogged: null,
  muted: null,
  bookmarked: null,
  pinned: null,
  content: '',
  text: null,
  application: null,
  account: bob,
  mediaAttachments: [],
  mentions: [],
  tags: [],
  emojis: [],
  poll: null,
  card: null,
  reblog: boostedStatus,
};

/** The deleteStatus result: the author's view, with the source text. */
const deleted: GqlStatus = { ...ownStatus, pinned: false, editedAt: null };

function keysInMastodonOrder(json: Record<string, unknown>): string[] {
  return MASTODON_STATUS_KEYS.filter((key) => key in json);
}

describe('Status entity mapper', () => {
  describe('for a public status and an anonymous viewer', () => {
    const json = statusToMastodon(publicStatus);

    it('renders golden/public-anonymous.json', () => {
      expectGolden(__dirname, 'public-anonymous', json);
    });

    it('omits the viewer flags and pinned', () => {
      for (const key of VIEWER_FLAGS) expect(json).not.toHaveProperty(key);
    });

    // Mastodon omits it for other viewers; nullable fields are null (docs/api/statuses.md#entities).
    it('gives application null', () => {
      expect(json).toHaveProperty('application', null);
    });

    it('sends content, not text', () => {
      expect(json).toHaveProperty('content', publicStatus.content);
      expect(json).not.toHaveProperty('text');
    });

    it('writes timestamps with milliseconds and edited_at null when never edited', () => {
      expect(json.created_at).toBe('2026-08-08T11:34:47.196Z');
      expect(json).toHaveProperty('edited_at', null);
    });

    it('sends the nullable fields as null, not absent', () => {
      for (const key of ['in_reply_to_id', 'in_reply_to_account_id', 'reblog', 'card', 'poll']) {
        expect(json).toHaveProperty(key, null);
      }
    });

    it('lowercases the visibility', () => {
      expect(json.visibility).toBe('public');
    });

    it('lists mention fields as id, username, url, acct', () => {
      expect(json.mentions).toEqual([{ id: bob.id, username: 'bob', url: `${BASE}/@bob`, acct: 'bob' }]);
      expect(Object.keys((json.mentions as object[])[0] ?? {})).toEqual(['id', 'username', 'url', 'acct']);
    });

    it('embeds the author through the account mapper', () => {
      expect(json.account).toEqual(accountToMastodon(alice));
    });

    it("keeps the serializer's key order", () => {
      expect(Object.keys(json)).toEqual(keysInMastodonOrder(json));
    });
  });

  describe('for a status its author views', () => {
    const json = statusToMastodon(ownStatus);

    it('renders golden/own-with-viewer-flags.json', () => {
      expectGolden(__dirname, 'own-with-viewer-flags', json);
    });

    it('adds the viewer flags and pinned', () => {
      expect(VIEWER_FLAGS.map((key) => json[key])).toEqual([false, false, false, true, true]);
    });

    it('adds the application as {name, website}', () => {
      expect(json.application).toEqual({ name: 'Ice Cubes', website: 'https://github.com/Dimillian/IceCubesApp' });
    });

    it('gives edited_at milliseconds even when the gateway sent none', () => {
      expect(json.edited_at).toBe('2026-08-08T12:00:00.000Z');
    });

    it('still sends content, not the source text', () => {
      expect(json).toHaveProperty('content');
      expect(json).not.toHaveProperty('text');
    });

    it("keeps the serializer's key order", () => {
      expect(Object.keys(json)).toEqual(keysInMastodonOrder(json));
    });

    // Mastodon's serializer sends `filtered` whenever there is a current user.
    it('adds an empty filtered list', () => {
      expect(json).toHaveProperty('filtered', []);
    });
  });

  describe("for another user's status and a signed-in viewer", () => {
    it('adds the viewer flags but not pinned', () => {
      const json = statusToMastodon({ ...publicStatus, favourited: true, reblogged: false, muted: false, bookmarked: false });
      expect(json).toMatchObject({ favourited: true, reblogged: false, muted: false, bookmarked: false });
      expect(json).not.toHaveProperty('pinned');
    });
  });

  describe('for a boost', () => {
    const json = statusToMastodon(boost);

    it('renders golden/boost.json', () => {
      expectGolden(__dirname, 'boost', json);
    });

    it('wraps the original status, mapped in full, with its own reblog null', () => {
      expect(json.reblog).toEqual(statusToMastodon(publicStatus));
      expect(json.reblog).toHaveProperty('reblog', null);
    });

    it("gives the booster's account on the wrapper and the author's inside", () => {
      expect((json.account as { id: string }).id).toBe(bob.id);
      expect((json.reblog as { account: { id: string } }).account.id).toBe(alice.id);
    });
  });

  describe('for the delete response', () => {
    const json = statusToMastodon(deleted, { source: true });

    it('renders golden/delete-with-text.json', () => {
      expectGolden(__dirname, 'delete-with-text', json);
    });

    it('sends the source text in place of content', () => {
      expect(json).toHaveProperty('text', '@bob Down the rabbit hole & back #wonderland');
      expect(json).not.toHaveProperty('content');
    });

    it('keeps the media attachments so the client can redraft', () => {
      expect(json.media_attachments).toHaveLength(1);
    });

    it("puts text where content goes in the serializer's key order", () => {
      expect(Object.keys(json)).toEqual(keysInMastodonOrder(json));
    });
  });

  describe('for the delete response of a status with a poll', () => {
    const json = statusToMastodon(
      {
        ...deleted,
        mediaAttachments: [],
        poll: {
          id: '42', expiresAt: '2026-11-22T10:00:00.000Z', expired: false, multiple: true, votesCount: 0, votersCount: 0, voted: true, ownVotes: [],
          options: [{ title: 'Tea', votesCount: 0 }, { title: 'Coffee', votesCount: 0 }],
          emojis: [],
        },
      },
      { source: true },
    );

    it('renders golden/delete-with-poll.json, the poll kept for redrafting', () => {
      expectGolden(__dirname, 'delete-with-poll', json);
    });
  });

  describe('for the delete response when the gateway sent no text', () => {
    it('sends an empty text', () => {
      expect(statusToMastodon({ ...deleted, text: null }, { source: true })).toHaveProperty('text', '');
    });
  });
});
