/**
 * GET /api/v2/search?q=&type=&resolve=&following=&account_id=&exclude_unreviewed=&max_id=&min_id=&offset=&limit=:
 * accounts, statuses and hashtags matching q (docs/api/search.md). Public; a token must carry read or read:search.
 * Without a user: no statuses, and offset (even 0) or a true resolve answers 401. limit default 20, at most 40, per
 * category; offset only with type. 200 {accounts, statuses, hashtags}; 400 without q. Mastodon's
 * Api::V2::SearchController.
 */
import { ACCOUNT_FRAGMENTS } from '../../entities/account/account.fragment.js';
import { accountToMastodon, type GqlAccount } from '../../entities/account/to-mastodon.js';
import { operation } from '../../entities/operation.js';
import { STATUS_FRAGMENTS } from '../../entities/status/status.fragment.js';
import { statusToMastodon, type GqlStatus } from '../../entities/status/to-mastodon.js';
import { TAG_FRAGMENTS } from '../../entities/tag/tag.fragment.js';
import { tagToMastodon, type GqlTag } from '../../entities/tag/to-mastodon.js';
import { run } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { limitParam } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';

const SEARCH_VARIABLES = `$q: String!, $type: SearchType, $resolve: Boolean, $following: Boolean, $accountId: ID, $excludeUnreviewed: Boolean,
  $maxId: ID, $minId: ID, $offset: Int, $limit: Int`;
const SEARCH_ARGUMENTS = `q: $q, type: $type, resolve: $resolve, following: $following, accountId: $accountId,
    excludeUnreviewed: $excludeUnreviewed, maxId: $maxId, minId: $minId, offset: $offset, limit: $limit`;

// One operation per category asked for, so a composer's autocomplete (type=accounts or type=hashtags) asks only the
// subgraph that answers it.
const Search = operation(
  'Search',
  `query Search(${SEARCH_VARIABLES}) {
  search(${SEARCH_ARGUMENTS}) { accounts { ...AccountFields } statuses { ...StatusFields } hashtags { ...TagFields } }
}`,
  [...ACCOUNT_FRAGMENTS, ...STATUS_FRAGMENTS, ...TAG_FRAGMENTS],
);
const SearchAccounts = operation('SearchAccountsOnly', `query SearchAccountsOnly(${SEARCH_VARIABLES}) {
  search(${SEARCH_ARGUMENTS}) { accounts { ...AccountFields } }
}`, ACCOUNT_FRAGMENTS);
const SearchStatuses = operation('SearchStatusesOnly', `query SearchStatusesOnly(${SEARCH_VARIABLES}) {
  search(${SEARCH_ARGUMENTS}) { statuses { ...StatusFields } }
}`, STATUS_FRAGMENTS);
const SearchHashtags = operation('SearchHashtagsOnly', `query SearchHashtagsOnly(${SEARCH_VARIABLES}) {
  search(${SEARCH_ARGUMENTS}) { hashtags { ...TagFields } }
}`, TAG_FRAGMENTS);

const TYPES = ['accounts', 'statuses', 'hashtags'] as const;
type SearchType = (typeof TYPES)[number];

interface GqlSearch {
  search: { accounts?: GqlAccount[]; statuses?: GqlStatus[]; hashtags?: GqlTag[] };
}

function operationFor(type: SearchType | null) {
  if (type === 'accounts') return SearchAccounts;
  if (type === 'statuses') return SearchStatuses;
  if (type === 'hashtags') return SearchHashtags;
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
        type: type?.toUpperCase() ?? null,
        resolve: params.boolean('resolve') ?? null,
        following: params.boolean('following') ?? null,
        accountId: params.string('account_id') || null,
        excludeUnreviewed: params.boolean('exclude_unreviewed') ?? null,
        maxId: params.string('max_id') || null,
        minId: params.string('min_id') || null,
        offset: params.has('offset') ? Math.min(Math.max(Number.parseInt(params.string('offset') ?? '0', 10) || 0, 0), 2 ** 31 - 1) : null,
        limit: searchesNothing ? 0 : limitParam(params, { default: 20, max: 40 }),
      };
      const data = await run<GqlSearch>(services, req, res, operationFor(type), variables);
      if (q === undefined || q === '') throw new HttpError(400, 'param is missing or the value is empty: q');
      res.json({
        accounts: (data.search.accounts ?? []).map(accountToMastodon),
        statuses: (data.search.statuses ?? []).map((status) => statusToMastodon(status)),
        hashtags: (data.search.hashtags ?? []).map((tag) => tagToMastodon(tag)),
      });
    },
  },
];
