/** The one featured tag selection: Mastodon's FeaturedTag entity. */
export const FEATURED_TAG_FRAGMENTS = [`fragment FeaturedTagFields on FeaturedTag { id name url statusesCount lastStatusAt }`];
