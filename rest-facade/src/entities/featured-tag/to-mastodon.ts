// Mastodon's REST::FeaturedTagSerializer (docs/api/hashtags.md#featured-tags).
import type { FeaturedTagFieldsFragment } from '../../gql/operations.js';

/** `last_status_at` is a day (YYYY-MM-DD), as Mastodon gives it. */
export function featuredTagToMastodon(tag: FeaturedTagFieldsFragment): Record<string, unknown> {
  return {
    id: tag.id,
    name: tag.name,
    url: tag.url,
    statuses_count: tag.statusesCount,
    last_status_at: tag.lastStatusAt === null ? null : tag.lastStatusAt.slice(0, 10),
  };
}
