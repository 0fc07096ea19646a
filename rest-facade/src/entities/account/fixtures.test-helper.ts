// A plain local account as the gateway returns it (AccountFields), for the
// mappers' tests of entities that hold accounts.
import type { GqlAccount } from './to-mastodon.js';

const BASE = 'https://social.test';

export function plainAccount(username: string, id: string): GqlAccount {
  return {
    id, username, acct: username, displayName: '', locked: false, bot: false, discoverable: false, group: false,
    createdAt: '2026-03-14T15:09:26.535Z', note: '', url: `${BASE}/@${username}`, uri: `${BASE}/users/${username}`,
    avatar: `${BASE}/avatars/original/missing.png`, avatarStatic: `${BASE}/avatars/original/missing.png`,
    header: `${BASE}/headers/original/missing.png`, headerStatic: `${BASE}/headers/original/missing.png`,
    noindex: false, suspended: false, statusesCount: 3, followersCount: 1, followingCount: 2,
    lastStatusAt: '2026-08-08T11:34:47.196Z', fields: [], emojis: [],
  };
}
