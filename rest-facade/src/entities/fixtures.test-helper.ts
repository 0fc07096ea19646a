// Entities the mappers' tests share, as the gateway answers them.
import type { AccountFieldsFragment, PreviewCardFieldsFragment, StatusFieldsFragment } from '../gql/operations.js';

const TEST_BASE_URL = 'https://social.test';

/** A local account with no profile, as the gateway answers it (AccountFields). */
export function testAccount(username: string, id: string, overrides: Partial<AccountFieldsFragment> = {}): AccountFieldsFragment {
  const base = TEST_BASE_URL;
  return {
    id, username, acct: username, displayName: '', locked: false, bot: false, discoverable: false, indexable: false, hideCollections: false, group: false,
    createdAt: '2026-03-14T15:09:26.535Z', note: '', url: `${base}/@${username}`, uri: `${base}/users/${username}`,
    avatar: `${base}/avatars/original/missing.png`, avatarStatic: `${base}/avatars/original/missing.png`,
    header: `${base}/headers/original/missing.png`, headerStatic: `${base}/headers/original/missing.png`,
    noindex: false, suspended: false, limited: false, statusesCount: 3, followersCount: 1, followingCount: 2,
    lastStatusAt: '2026-08-08T11:34:47.196Z', fields: [], emojis: [],
    ...overrides,
  };
}

/**
 * A status by `author` mentioning `mentioned` (a link to each, then `text`), as a signed-in viewer other
 * than its author sees it: no flags set, no media, no reblog (StatusFields).
 */
export function testMention(author: AccountFieldsFragment, mentioned: AccountFieldsFragment[], text: string, overrides: Partial<StatusFieldsFragment> = {}): StatusFieldsFragment {
  const base = TEST_BASE_URL;
  const id = overrides.id ?? '115012345678901200';
  const links = mentioned.map(
    (account) => `<span class="h-card" translate="no"><a href="${base}/@${account.username}" class="u-url mention">@<span>${account.username}</span></a></span>`,
  );
  return {
    id, createdAt: '2026-08-08T11:34:47.196Z', inReplyToId: null, inReplyToAccountId: null,
    sensitive: false, spoilerText: '', visibility: 'PUBLIC', language: 'en',
    uri: `${base}/users/${author.username}/statuses/${id}`, url: `${base}/@${author.username}/${id}`,
    repliesCount: 0, reblogsCount: 0, favouritesCount: 0, editedAt: null,
    favourited: false, reblogged: false, muted: false, bookmarked: false, pinned: null,
    content: `<p>${[...links, text].join(' ')}</p>`,
    text: null, application: null, account: author, mediaAttachments: [],
    mentions: mentioned.map((account) => ({ id: account.id, username: account.username, acct: account.acct, url: `${base}/@${account.username}` })),
    tags: [], emojis: [], poll: null, card: null, reblog: null,
    ...overrides,
  };
}

/** A link's preview card with an image, as the gateway answers it (PreviewCardFields). */
export const TEST_LINK_CARD: PreviewCardFieldsFragment = {
  url: 'https://news.example/articles/rabbits',
  title: 'Rabbits, explained',
  description: 'Everything about rabbit holes.',
  type: 'link',
  authorName: '',
  authorUrl: '',
  providerName: 'Example News',
  providerUrl: '',
  html: '',
  width: 1200,
  height: 630,
  image: 'https://news.example/rabbit.png',
  imageDescription: 'A white rabbit',
  embedUrl: '',
  blurhash: null,
  language: 'en',
  publishedAt: '2026-11-20T09:30:00.000Z',
};
