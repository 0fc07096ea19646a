import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { AppError, ErrorCode } from '@social/errors';
import { acceptedScopes, encodeSearchKey, OptionalAccess, SEARCH_LIMIT, type SearchRequest } from '@social/federation';
import type { IdentityContext } from '../context.js';
import type { AccountService } from '../account/account.service.js';
import type { AccountSearchService } from './account-search.service.js';
import { SearchArgs, SearchResults } from './search.type.js';

/** The request as both subgraphs read it: Mastodon's defaults and bounds applied once, here. */
function requestOf(args: SearchArgs): SearchRequest {
  const type = args.type ?? null;
  return {
    q: args.q.trim(),
    type,
    resolve: args.resolve ?? false,
    following: args.following ?? false,
    accountId: args.accountId ?? null,
    excludeUnreviewed: args.excludeUnreviewed ?? false,
    maxId: args.maxId ?? null,
    minId: args.minId ?? null,
    // Mastodon ignores offset unless one category is asked for.
    offset: type === null ? 0 : Math.max(args.offset ?? 0, 0),
    limit: Math.min(Math.max(args.limit ?? SEARCH_LIMIT.default, 0), SEARCH_LIMIT.max),
  };
}

/**
 * The root of a search (docs/api/search.md): identity answers the accounts and
 * hands the request on, as the `SearchResults` key, to statuses, which
 * answers the statuses and hashtags.
 */
@Resolver(() => SearchResults)
export class SearchResolver {
  constructor(
    private readonly accountSearch: AccountSearchService,
    private readonly accounts: AccountService,
  ) {}

  @Query(() => SearchResults, {
    description:
      'Accounts, statuses and hashtags matching a query. Public; a token needs read:search. Without a user: no statuses, ' +
      'and `offset` or `resolve` is refused (UNAUTHENTICATED).',
  })
  @OptionalAccess(...acceptedScopes('read:search'))
  async search(@Args(() => SearchArgs) args: SearchArgs, @Ctx() ctx: IdentityContext): Promise<SearchResults> {
    const viewer = ctx.principal.accountId;
    if (!viewer && args.offset != null) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Search queries pagination is not supported without authentication');
    if (!viewer && args.resolve) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Search queries that resolve remote resources are not supported without authentication');
    const request = requestOf(args);
    const key = encodeSearchKey(request);
    if (request.type !== null && request.type !== 'accounts') return { key, accounts: [] };
    const ids = await this.accountSearch.search(request.q, viewer ? BigInt(viewer) : null, {
      limit: request.limit,
      offset: request.offset,
      following: request.following,
      resolve: request.resolve,
    });
    const records = await ctx.accounts.loadMany(ids);
    return {
      key,
      accounts: records.flatMap((record) => (record && !(record instanceof Error) ? [this.accounts.toAccount(record, ctx.principal)] : [])),
    };
  }
}
