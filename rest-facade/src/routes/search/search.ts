/**
 * GET /api/v2/search?q=&type=&resolve=&following=&account_id=&exclude_unreviewed=&max_id=&min_id=&offset=&limit=:
 * accounts, statuses and hashtags matching q (docs/api/search.md). Public; a token must carry read or read:search.
 * Without a user: no statuses, and offset (even 0) or a true resolve answers 401. limit default 20, at most 40, per
 * category; offset only with type. 200 {accounts, statuses, hashtags}; 400 without q. Mastodon's
 * Api::V2::SearchController.
 */
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { statusToMastodon } from '../../entities/status/to-mastodon.js';
import { tagToMastodon } from '../../entities/tag/to-mastodon.js';
import type { Operation } from '../../gateway-client.js';
import {
  Search, SearchAccountsOnly, SearchHashtagsOnly, SearchStatusesOnly,
  type AccountFieldsFragment, type SearchQueryVariables, type SearchType, type StatusFieldsFragment, type TagFieldsFragment,
} from '../../gql/operations.js';
import { run } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { limitParam } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';

const TYPES = ['accounts', 'statuses', 'hashtags'] as const;
type SearchCategory = (typeof TYPES)[number];

/**
 * One operation per category asked for (each its own .graphql file beside this module), so a composer's
 * autocomplete (type=accounts or type=hashtags) asks only the subgraph that answers it. They take the same
 * variables; each answers the categories it selects.
 */
type SearchOperation = Operation<
  { search: { accounts?: AccountFieldsFragment[]; statuses?: StatusFieldsFragment[]; hashtags?: TagFieldsFragment[] } },
  SearchQueryVariables
>;

function operationFor(type: SearchCategory | null): SearchOperation {
  if (type === 'accounts') return SearchAccountsOnly;
  if (type === 'statuses') return SearchStatusesOnly;
  if (type === 'hashtags') return SearchHashtagsOnly;
  return Search;
}

export const searchRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v2/search',
    scopes: publicScopes('read:search'),
    doc: {
      summary: 'Search accounts, statuses and hashtags',
      responds: 'Search',
      params: {
        q: 'string!', type: 'string', resolve: 'boolean', following: 'boolean', account_id: 'string', exclude_unreviewed: 'boolean',
        max_id: 'string', min_id: 'string', offset: 'integer', limit: 'integer',
      },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const q = params.string('q');
      const typeParam = params.string('type');
      const type = TYPES.find((t) => t === typeParam) ?? null;
      // An unknown type searches nothing, as in Mastodon; a missing q is a 400, but only after the token was checked
      // (the query below, asking for nothing, checks it).
      const searchesNothing = q === undefined || q.trim() === '' || (typeParam !== undefined && typeParam !== '' && type === null);
      const variables = {
        q: q ?? '',
        type: (type?.toUpperCase() as SearchType | undefined) ?? null,
        resolve: params.boolean('resolve') ?? null,
        following: params.boolean('following') ?? null,
        accountId: params.string('account_id') || null,
        excludeUnreviewed: params.boolean('exclude_unreviewed') ?? null,
        maxId: params.string('max_id') || null,
        minId: params.string('min_id') || null,
        offset: params.has('offset') ? Math.min(Math.max(Number.parseInt(params.string('offset') ?? '0', 10) || 0, 0), 2 ** 31 - 1) : null,
        limit: searchesNothing ? 0 : limitParam(params, { default: 20, max: 40 }),
      };
      const data = await run(services, req, res, operationFor(type), variables);
      if (q === undefined || q === '') throw new HttpError(400, 'param is missing or the value is empty: q');
      res.json({
        accounts: (data.search.accounts ?? []).map(accountToMastodon),
        statuses: (data.search.statuses ?? []).map((status) => statusToMastodon(status)),
        hashtags: (data.search.hashtags ?? []).map((tag) => tagToMastodon(tag)),
      });
    },
  },
];
