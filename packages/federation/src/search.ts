/**
 * One search (docs/api/search.md) as the subgraphs share it: identity answers
 * the root `search` field with the accounts and this request encoded as the
 * `SearchResults` entity's key; statuses receives the key back from the
 * gateway and answers the statuses and hashtags of the same request. The
 * caller is not in the key: each subgraph reads it from the principal.
 */
export interface SearchRequest {
  /** The query, trimmed. */
  readonly q: string;
  /** One category, or null for all three. */
  readonly type: 'accounts' | 'statuses' | 'hashtags' | null;
  readonly resolve: boolean;
  readonly following: boolean;
  /** Statuses by this author only. */
  readonly accountId: string | null;
  readonly excludeUnreviewed: boolean;
  readonly maxId: string | null;
  readonly minId: string | null;
  /** Results to skip per category; 0 unless `type` is given. */
  readonly offset: number;
  /** Results per category, 0 to 40. */
  readonly limit: number;
}

/** Mastodon's default and cap of results per category. */
export const SEARCH_LIMIT = { default: 20, max: 40 } as const;

export function encodeSearchKey(request: SearchRequest): string {
  return JSON.stringify(request);
}

/** The request a key holds; null for a key this code did not write (the gateway only passes back ours). */
export function decodeSearchKey(key: string): SearchRequest | null {
  try {
    const value = JSON.parse(key) as SearchRequest;
    return typeof value === 'object' && value !== null && typeof value.q === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Whether the query is a URL, which a search with `resolve` looks up instead of searching text. */
export function isSearchUrl(q: string): boolean {
  return /^https?:\/\//i.test(q);
}
