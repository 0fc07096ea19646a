import { PREVIEW_CARD_FRAGMENTS } from '../preview-card/preview-card.fragment.js';

/** The one trending-link selection: Mastodon's TrendsLink (a PreviewCard with its history). */
export const TRENDS_LINK_FRAGMENTS = [`fragment TrendsLinkFields on TrendingLink { card { ...PreviewCardFields } history { day uses accounts } }`, ...PREVIEW_CARD_FRAGMENTS];
