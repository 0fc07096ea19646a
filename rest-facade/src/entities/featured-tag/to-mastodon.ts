// Mastodon's REST::FeaturedTagSerializer (docs/api/hashtags.md#featured-tags).
export interface GqlFeaturedTag {
  id: string;
  name: string;
  url: string;
  statusesCount: number;
  lastStatusAt: string | null;
}

/** `last_status_at` is a day (YYYY-MM-DD), as Mastodon gives it. */
export function featuredTagToMastodon(tag: GqlFeaturedTag): Record<string, unknown> {
  return {
    id: tag.id,
    name: tag.name,
    url: tag.url,
    statuses_count: tag.statusesCount,
    last_status_at: tag.lastStatusAt === null ? null : tag.lastStatusAt.slice(0, 10),
  };
}
