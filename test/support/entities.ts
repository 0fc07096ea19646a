// Expected JSON of the Mastodon entities, exact where the value is fixed and
// a matcher where it is generated (ids, timestamps). docs/api/statuses.md#entities,
// docs/api/accounts.md#entity, docs/api/oauth.md#applications.
import { escapeRegExp } from './text';
import { ID, ISO_MS, MIDNIGHT } from './expectations';

export interface Author {
  id: string;
  username: string;
}

/** An Account as embedded in a Status or returned by GET /api/v1/accounts/:id. */
export function expectedAccount(baseUrl: string, author: Author, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: author.id,
    username: author.username,
    acct: author.username,
    display_name: '',
    locked: false,
    bot: false,
    discoverable: false,
    indexable: false,
    group: false,
    created_at: expect.stringMatching(MIDNIGHT),
    note: '',
    url: `${baseUrl}/@${author.username}`,
    uri: expect.stringMatching(new RegExp(`^${escapeRegExp(baseUrl)}/(users/${author.username}|ap/users/${author.id})$`)),
    avatar: `${baseUrl}/avatars/original/missing.png`,
    avatar_static: `${baseUrl}/avatars/original/missing.png`,
    avatar_description: '',
    header: `${baseUrl}/headers/original/missing.png`,
    header_static: `${baseUrl}/headers/original/missing.png`,
    header_description: '',
    followers_count: 0,
    following_count: 0,
    statuses_count: 0,
    last_status_at: null,
    hide_collections: false,
    noindex: false,
    limited: false,
    emojis: [],
    roles: [],
    fields: [],
    ...overrides,
  };
}

/** The CredentialAccount of a freshly signed-up user: the Account plus source and role. */
export function expectedCredentialAccount(baseUrl: string, author: Author, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...expectedAccount(baseUrl, author, overrides),
    source: {
      privacy: 'public',
      sensitive: false,
      language: null,
      note: '',
      fields: [],
      follow_requests_count: 0,
      hide_collections: false,
      discoverable: false,
      indexable: false,
      attribution_domains: [],
      quote_policy: 'public',
    },
    role: { id: '-99', name: '', permissions: '0', color: '', highlighted: false },
  };
}

/**
 * Who reads the status: anonymous (no viewer flags), another user (the four
 * flags and `filtered`, no `pinned`, `application` null), or its author
 * (flags, `filtered`, `pinned` and `application`).
 */
export type Viewer = 'anonymous' | 'other' | 'author';

export interface ExpectedStatus {
  id?: unknown;
  author: Author;
  /** The author's statuses_count as embedded. */
  statusesCount?: number;
  viewer: Viewer;
  /** The `content` HTML, or the source `text` for the delete response. */
  content?: string;
  text?: string;
  application?: { name: string; website: string | null };
  fields?: Record<string, unknown>;
}

export function expectedStatus(baseUrl: string, expected: ExpectedStatus): Record<string, unknown> {
  const { author, viewer } = expected;
  const id = expected.id ?? expect.stringMatching(ID);
  const idPattern = typeof expected.id === 'string' ? expected.id : '\\d+';
  const json: Record<string, unknown> = {
    id,
    created_at: expect.stringMatching(ISO_MS),
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: '',
    visibility: 'public',
    language: 'en',
    uri: expect.stringMatching(
      new RegExp(`^${escapeRegExp(baseUrl)}/(users/${author.username}|ap/users/${author.id})/statuses/${idPattern}$`),
    ),
    url: expect.stringMatching(new RegExp(`^${escapeRegExp(baseUrl)}/@${author.username}/${idPattern}$`)),
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    quotes_count: 0,
    edited_at: null,
  };
  if (viewer !== 'anonymous') Object.assign(json, { favourited: false, reblogged: false, muted: false, bookmarked: false });
  if (viewer === 'author') json.pinned = false;
  if (expected.text !== undefined) json.text = expected.text;
  else json.content = expected.content ?? expect.any(String);
  if (viewer !== 'anonymous') json.filtered = [];
  json.reblog = null;
  // Mastodon omits it for other viewers; nullable fields are null.
  json.application = viewer === 'author' ? (expected.application ?? { name: 'e2e fixture', website: null }) : null;
  json.account = expectedAccount(baseUrl, author, {
    statuses_count: expected.statusesCount ?? expect.any(Number),
    last_status_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  });
  Object.assign(json, { media_attachments: [], mentions: [], tags: [], emojis: [], card: null, poll: null });
  return { ...json, ...expected.fields };
}
