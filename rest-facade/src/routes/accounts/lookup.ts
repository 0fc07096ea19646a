/**
 * GET /api/v1/accounts/lookup?acct=: a local account by its handle (`alice`, `@alice`, `alice@this.host`), without
 * WebFinger. Public (a token given needs read or read:accounts). 200 Account; 404 Record not found for an unknown
 * handle, another server's, or none. Mastodon's Api::V1::Accounts::LookupController.
 */
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { run } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';
import { LookupAccount } from '../../gql/operations.js';

export const lookupRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/accounts/lookup',
    scopes: publicScopes('read:accounts'),
    doc: { summary: 'An account by its handle', responds: 'Account', params: { acct: 'string!' } },
    async handle(services, req, res) {
      const acct = Params.of(req).string('acct') ?? '';
      const data = await run(services, req, res, LookupAccount, { acct });
      res.json(accountToMastodon(data.lookupAccount));
    },
  },
];
