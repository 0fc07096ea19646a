// Mastodon's REST::FilterSerializer, FilterKeywordSerializer, FilterStatusSerializer, FilterResultSerializer and
// the v1 REST::V1::FilterSerializer (one per keyword). docs/api/filters.md#entities.
import { timestamp } from '../operation.js';

export interface GqlFilterKeyword { id: string; keyword: string; wholeWord: boolean }
export interface GqlFilterStatus { id: string; statusId: string }
export interface GqlFilter {
  id: string; title: string; context: string[]; expiresAt: string | null; filterAction: string;
  keywords: GqlFilterKeyword[]; statuses: GqlFilterStatus[];
}
export interface GqlFilterResult { filter: GqlFilter; keywordMatches: string[] | null; statusMatches: string[] | null }

export function filterKeywordToMastodon(keyword: GqlFilterKeyword): Record<string, unknown> {
  return { id: keyword.id, keyword: keyword.keyword, whole_word: keyword.wholeWord };
}

export function filterStatusToMastodon(entry: GqlFilterStatus): Record<string, unknown> {
  return { id: entry.id, status_id: entry.statusId };
}

export function filterToMastodon(filter: GqlFilter): Record<string, unknown> {
  return {
    id: filter.id,
    title: filter.title,
    context: filter.context,
    expires_at: filter.expiresAt ? timestamp(filter.expiresAt) : null,
    filter_action: filter.filterAction,
    keywords: filter.keywords.map(filterKeywordToMastodon),
    statuses: filter.statuses.map(filterStatusToMastodon),
  };
}

export function filterResultToMastodon(result: GqlFilterResult): Record<string, unknown> {
  return { filter: filterToMastodon(result.filter), keyword_matches: result.keywordMatches, status_matches: result.statusMatches };
}

/** A v1 filter: one keyword of a v2 filter, its id the keyword's; irreversible is a hide action. */
export function v1FilterToMastodon(filter: GqlFilter, keyword: GqlFilterKeyword): Record<string, unknown> {
  return {
    id: keyword.id,
    phrase: keyword.keyword,
    context: filter.context,
    whole_word: keyword.wholeWord,
    expires_at: filter.expiresAt ? timestamp(filter.expiresAt) : null,
    irreversible: filter.filterAction === 'hide',
  };
}
