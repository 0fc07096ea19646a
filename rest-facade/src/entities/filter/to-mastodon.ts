// Mastodon's REST::FilterSerializer, FilterKeywordSerializer, FilterStatusSerializer, FilterResultSerializer and
// the v1 REST::V1::FilterSerializer (one per keyword). docs/api/filters.md#entities.
import type { FilterFieldsFragment, StatusBaseFragment } from '../../gql/operations.js';
import { timestamp } from '../operation.js';

type FilterKeyword = FilterFieldsFragment['keywords'][number];
type FilterStatus = FilterFieldsFragment['statuses'][number];
/** A filter that matched a status, as the status fragment selects it. */
export type GqlFilterResult = NonNullable<StatusBaseFragment['filtered']>[number];

export function filterKeywordToMastodon(keyword: FilterKeyword): Record<string, unknown> {
  return { id: keyword.id, keyword: keyword.keyword, whole_word: keyword.wholeWord };
}

export function filterStatusToMastodon(entry: FilterStatus): Record<string, unknown> {
  return { id: entry.id, status_id: entry.statusId };
}

export function filterToMastodon(filter: FilterFieldsFragment): Record<string, unknown> {
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
export function v1FilterToMastodon(filter: FilterFieldsFragment, keyword: FilterKeyword): Record<string, unknown> {
  return {
    id: keyword.id,
    phrase: keyword.keyword,
    context: filter.context,
    whole_word: keyword.wholeWord,
    expires_at: filter.expiresAt ? timestamp(filter.expiresAt) : null,
    irreversible: filter.filterAction === 'hide',
  };
}
