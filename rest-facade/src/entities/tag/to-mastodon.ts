// Mastodon's REST::TagSerializer (docs/api/hashtags.md#the-tag-entity).
import type { TagFieldsFragment } from '../../gql/operations.js';

/** `id` once the hashtag is stored; `following` and `featuring` only for a signed-in user. Counts are strings, as Mastodon's history has them. */
export function tagToMastodon(tag: TagFieldsFragment): Record<string, unknown> {
  return {
    ...(tag.id === null ? {} : { id: tag.id }),
    name: tag.displayName,
    url: tag.url,
    history: tag.history.map((day) => ({ day: String(Math.floor(Date.parse(day.day) / 1000)), uses: String(day.uses), accounts: String(day.accounts) })),
    ...(tag.following === null ? {} : { following: tag.following }),
    ...(tag.featuring === null ? {} : { featuring: tag.featuring }),
  };
}
