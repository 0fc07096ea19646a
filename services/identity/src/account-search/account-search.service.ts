import type { AccountHandles } from '../account/account-handle.js';
import type { AccountSearchData } from './account-search.data.js';

/** Mastodon's default and cap of accounts per search. */
export const ACCOUNT_SEARCH_LIMIT = { default: 40, max: 80 } as const;

export interface AccountSearchOptions {
  limit: number;
  offset: number;
  following: boolean;
}

/**
 * Mastodon's account search without a search engine or federation: the query
 * without its leading `@`; a handle of this server searches its username, one
 * of another server finds nothing; a blank query or a zero limit finds nothing.
 */
export class AccountSearchService {
  constructor(
    private readonly data: AccountSearchData,
    private readonly handles: AccountHandles,
  ) {}

  async search(q: string, viewerId: bigint, options: AccountSearchOptions): Promise<string[]> {
    const term = q.trim();
    const username = term.includes('@', 1) ? this.handles.usernameOfHandle(term) : term.replace(/^@/, '');
    if (!username || options.limit < 1) return [];
    return this.data.search({
      prefix: username.toLowerCase(),
      viewerId,
      followingOnly: options.following,
      limit: Math.min(options.limit, ACCOUNT_SEARCH_LIMIT.max),
      offset: Math.max(options.offset, 0),
    });
  }
}
