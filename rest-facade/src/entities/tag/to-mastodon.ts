// Mastodon's REST::TagSerializer, as search answers hashtags (docs/api/search.md).

export const TAG_FIELDS = 'name url';

export interface GqlTag {
  name: string;
  url: string;
}

export interface MastodonTag {
  name: string;
  url: string;
  /** Daily use; always empty: usage history is not kept yet (docs/api/search.md). */
  history: never[];
}

export function tagToMastodon(tag: GqlTag): MastodonTag {
  return { name: tag.name, url: tag.url, history: [] };
}
