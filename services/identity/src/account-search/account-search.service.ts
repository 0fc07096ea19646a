import { isSearchUrl } from '@social/federation';
import type { AccountHandles } from '../account/account-handle.js';
import type { AccountSearchData } from './account-search.data.js';

/** Mastodon's default and cap of accounts per search. */
export const ACCOUNT_SEARCH_LIMIT = { default: 40, max: 80 } as const;

/** Shorter anonymous queries find only the account of that exact username (Mastodon's minimum). */
const ANONYMOUS_MIN_LENGTH = 3;

export interface AccountSearchOptions {
  limit: number;
  offset: number;
  following: boolean;
  /** Look a URL of this server's up instead of searching (`resolve`). */
  resolve?: boolean;
}

/**
 * Mastodon's account search without a search engine or federation
 * (docs/api/search.md): the query without its leading `@`; a handle of this
 * server searches its username, one of another server finds nothing; with
 * `resolve`, a profile URL of this server finds its account and any other URL
 * nothing; a blank query or a zero limit finds nothing. `viewerId` is null for
 * an app token or none.
 */
export class AccountSearchService {
  constructor(
    private readonly data: AccountSearchData,
    private readonly handles: AccountHandles,
  ) {}

  async search(q: string, viewerId: bigint | null, options: AccountSearchOptions): Promise<string[]> {
    const term = q.trim();
    if (options.limit < 1 || !term) return [];
    if (isSearchUrl(term)) return options.resolve && options.offset === 0 ? this.byUrl(term) : [];
    const username = term.includes('@', 1) ? this.handles.usernameOfHandle(term) : term.replace(/^@/, '');
    if (!username) return [];
    return this.data.search({
      prefix: username.toLowerCase(),
      viewerId,
      followingOnly: options.following && viewerId !== null,
      exactOnly: viewerId === null && username.length < ANONYMOUS_MIN_LENGTH,
      limit: Math.min(options.limit, ACCOUNT_SEARCH_LIMIT.max),
      offset: Math.max(options.offset, 0),
    });
  }

  private async byUrl(url: string): Promise<string[]> {
    let username: string | null;
    try {
      username = this.handles.usernameOfUrl(url);
    } catch {
      return [];
    }
    return username ? this.data.byUsername(username) : [];
  }
}
