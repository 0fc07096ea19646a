// Mastodon's REST::Trends::LinkSerializer: the PreviewCard's fields, then its history (docs/api/trends.md#history).
import { previewCardToMastodon, type GqlPreviewCard } from '../preview-card/to-mastodon.js';

export interface GqlTrendsLink {
  card: GqlPreviewCard;
  history: Array<{ day: string; uses: number; accounts: number }>;
}

/** Counts are strings and days Unix timestamps, as in a Tag's history. */
export function trendsLinkToMastodon(link: GqlTrendsLink): Record<string, unknown> {
  return {
    ...previewCardToMastodon(link.card),
    history: link.history.map((day) => ({ day: String(Math.floor(Date.parse(day.day) / 1000)), uses: String(day.uses), accounts: String(day.accounts) })),
  };
}
