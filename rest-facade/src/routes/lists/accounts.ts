/**
 * GET /api/v1/lists/:id/accounts (read or read:lists): members, largest account id first; max_id, since_id,
 *   limit (default 40, at most 80; 0 gives all, without a Link header). 200 [Account] with Link (next after a full
 *   page, prev by since_id); 404.
 * POST /api/v1/lists/:id/accounts (write:lists): account_ids[], all or none. 200 {}; 404 (list, or an unknown
 *   account, or none given); 422 "Validation failed: Account must be a followed account" / "... has already been taken".
 * DELETE /api/v1/lists/:id/accounts (write:lists): account_ids[]; accounts that are not members are ignored. 200 {}; 404.
 * Mastodon's Api::V1::Lists::AccountsController.
 */
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { ACCOUNT_PAGE_SIZE, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { AddListAccounts, GetListAccounts, RemoveListAccounts } from '../../gql/operations.js';

export const listAccountRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/lists/:id/accounts',
    scopes: userScopes('read:lists'),
    doc: { summary: 'The accounts in a list (limit=0: all of them)', responds: ['Account'], paged: true },
    async handle(services, req, res) {
      const params = Params.of(req);
      const unlimited = params.string('limit') === '0';
      const page = pageQuery(params, ACCOUNT_PAGE_SIZE, { minId: false });
      const variables = { id: pathParam(req, 'id'), maxId: page.maxId, sinceId: page.sinceId, limit: unlimited ? 0 : page.limit };
      const data = await run(services, req, res, GetListAccounts, variables);
      if (!unlimited) {
        const keep = { limit: params.string('limit') };
        setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep, style: 'accounts', limit: page.limit });
      }
      res.json(data.page.items.map(accountToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v1/lists/:id/accounts',
    scopes: userScopes('write:lists'),
    doc: { summary: 'Add accounts to a list', responds: 'Empty', params: { account_ids: 'string[]!' } },
    async handle(services, req, res) {
      const accountIds = Params.of(req).stringArray('account_ids') ?? [];
      await runMutation(services, req, res, AddListAccounts, { input: { listId: pathParam(req, 'id'), accountIds } }, 'addListAccounts');
      res.json({});
    },
  },
  {
    method: 'delete',
    path: '/api/v1/lists/:id/accounts',
    scopes: userScopes('write:lists'),
    doc: { summary: 'Remove accounts from a list', responds: 'Empty', params: { account_ids: 'string[]!' } },
    async handle(services, req, res) {
      const accountIds = Params.of(req).stringArray('account_ids') ?? [];
      await runMutation(services, req, res, RemoveListAccounts, { input: { listId: pathParam(req, 'id'), accountIds } }, 'removeListAccounts');
      res.json({});
    },
  },
];
