/**
 * GET /api/v1/accounts/search?q=&limit=&offset=&following=&resolve=: local accounts whose username, or a word of
 * whose display name, starts with q (the exact username first, then those the user follows, then the closest); the
 * accounts of /api/v2/search (docs/api/search.md#accounts). limit default 40, at most 80; resolve finds the account of a
 * profile URL of this server (no federation yet). read or read:accounts, for a user.
 * 200 [Account] (empty for a blank q); 401, 403, 422. Mastodon's Api::V1::Accounts::SearchController.
 */
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { run } from '../../http/context.js';
import { ACCOUNT_PAGE_SIZE, limitParam, offsetParam } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { SearchAccounts } from '../../gql/operations.js';

export const accountSearchRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/accounts/search',
    scopes: userScopes('read:accounts'),
    doc: {
      summary: 'Search accounts',
      responds: ['Account'],
      params: { q: 'string!', limit: 'integer', offset: 'integer', following: 'boolean', resolve: 'boolean' },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const variables = {
        q: params.string('q') ?? '',
        limit: limitParam(params, ACCOUNT_PAGE_SIZE),
        offset: offsetParam(params),
        following: params.boolean('following') ?? false,
        resolve: params.boolean('resolve') ?? false,
      };
      const data = await run(services, req, res, SearchAccounts, variables);
      res.json(data.searchAccounts.map(accountToMastodon));
    },
  },
];
