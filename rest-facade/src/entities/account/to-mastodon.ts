// Mastodon's REST::AccountSerializer and CredentialAccountSerializer.
import type { AccountFieldsFragment, CredentialAccountFieldsFragment } from '../../gql/operations.js';
import { customEmojiToMastodon } from '../custom-emoji/to-mastodon.js';
import { timestamp } from '../operation.js';

/** The old name, for code merged from before the generated types. @deprecated Use AccountFieldsFragment. @public */
export type GqlAccount = AccountFieldsFragment;

type GqlField = AccountFieldsFragment['fields'][number];

export interface GqlRole { id: string; name: string; color: string; permissions: string; highlighted: boolean }

/** The everyone role, which a user without a staff role has (docs/api/moderation.md#roles). */
const EVERYONE_ROLE: GqlRole = { id: '-99', name: '', color: '', permissions: '0', highlighted: false };

/** Mastodon's REST::RoleSerializer. */
export function roleToMastodon(role: GqlRole | null | undefined) {
  const shown = role ?? EVERYONE_ROLE;
  return { id: shown.id, name: shown.name, permissions: shown.permissions, color: shown.color, highlighted: shown.highlighted };
}


function fieldToMastodon(field: GqlField) {
  return { name: field.name, value: field.value, verified_at: field.verifiedAt ? timestamp(field.verifiedAt) : null };
}

/** created_at is truncated to midnight and last_status_at is a date, as Mastodon shows them. */
export function accountToMastodon(account: AccountFieldsFragment) {
  return {
    id: account.id,
    username: account.username,
    acct: account.acct,
    display_name: account.displayName,
    locked: account.locked,
    bot: account.bot,
    discoverable: account.discoverable,
    indexable: account.indexable,
    group: account.group,
    created_at: `${timestamp(account.createdAt).slice(0, 10)}T00:00:00.000Z`,
    note: account.note,
    url: account.url,
    uri: account.uri,
    avatar: account.avatar,
    avatar_static: account.avatarStatic,
    avatar_description: '',
    header: account.header,
    header_static: account.headerStatic,
    header_description: '',
    followers_count: account.followersCount,
    following_count: account.followingCount,
    statuses_count: account.statusesCount,
    last_status_at: account.lastStatusAt ? timestamp(account.lastStatusAt).slice(0, 10) : null,
    hide_collections: account.hideCollections,
    ...(account.suspended ? { suspended: true } : {}),
    // Mastodon omits it unless silenced; clients have crashed on its absence (docs/api/client-compatibility.md#responses).
    limited: account.limited,
    noindex: account.noindex,
    emojis: account.emojis.map(customEmojiToMastodon),
    roles: [],
    fields: account.fields.map(fieldToMastodon),
  };
}

/** source goes before emojis, as CredentialAccountSerializer declares it. */
export function credentialAccountToMastodon(account: CredentialAccountFieldsFragment) {
  const source = account.source;
  const { emojis, roles, fields, ...attributes } = accountToMastodon(account);
  return {
    ...attributes,
    source: {
      privacy: source?.privacy ?? 'public',
      sensitive: source?.sensitive ?? false,
      language: source?.language ?? null,
      note: source?.note ?? '',
      fields: (source?.fields ?? []).map(fieldToMastodon),
      follow_requests_count: source?.followRequestsCount ?? 0,
      hide_collections: account.hideCollections,
      discoverable: account.discoverable,
      indexable: account.indexable,
      attribution_domains: [],
      quote_policy: 'public',
    },
    emojis,
    roles,
    fields,
    role: roleToMastodon(account.role),
  };
}
