/**
 * GET /api/v1/accounts/:id/lists (read:lists, user): the caller's lists that contain the account, oldest first;
 * empty for a suspended account. 200 [List]; 404 for an unknown account.
 * docs/api/timelines.md#lists; Mastodon's Api::V1::Accounts::ListsController.
 */
import { listToMastodon } from '../../entities/list/to-mastodon.js';
import { run } from '../../http/context.js';
import { userScopes, type Route } from '../route.js';
import { GetAccountLists } from '../../gql/operations.js';
import { pathParam } from '../../http/params.js';

export const accountListRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/accounts/:id/lists',
    scopes: userScopes('read:lists'),
    doc: { summary: 'Your lists that contain an account', responds: ['List'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetAccountLists, { id: pathParam(req, 'id') });
      res.json(data.lists.map(listToMastodon));
    },
  },
];
