/**
 * GET /api/v1/accounts/:id/lists (read:lists, user): the caller's lists that contain the account, oldest first;
 * empty for a suspended account. 200 [List]; 404 for an unknown account.
 * docs/api/timelines.md#lists; Mastodon's Api::V1::Accounts::ListsController.
 */
import { LIST_FRAGMENTS } from '../../entities/list/list.fragment.js';
import { listToMastodon, type GqlList } from '../../entities/list/to-mastodon.js';
import { operation } from '../../entities/operation.js';
import { run } from '../../http/context.js';
import { userScopes, type Route } from '../route.js';

// A root query whose access check comes first: a missing token or scope is refused before the account is looked up.
const GetAccountLists = operation('GetAccountLists', 'query GetAccountLists($id: ID!) { lists: listsContaining(accountId: $id) { ...ListFields } }', LIST_FRAGMENTS);

export const accountListRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/accounts/:id/lists',
    scopes: userScopes('read:lists'),
    doc: { summary: 'Your lists that contain an account', responds: ['List'] },
    async handle(services, req, res) {
      const data = await run<{ lists: GqlList[] }>(services, req, res, GetAccountLists, { id: req.params.id });
      res.json(data.lists.map(listToMastodon));
    },
  },
];
