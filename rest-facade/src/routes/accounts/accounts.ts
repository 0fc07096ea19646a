/**
 * POST /api/v1/accounts: sign-up with an app token (write:accounts). 200 Token; 401, 403, 422 with details.
 * GET /api/v1/accounts/verify_credentials: the user's own account (read:accounts or profile). 200 CredentialAccount; 401, 403.
 * GET /api/v1/accounts?id[]=1&id[]=2: several accounts (Mastodon 4.3), in the order asked, unknown ids left out;
 *   at most 40 ids (422). Public. 200 [Account].
 * GET /api/v1/accounts/:id: an account. Public. 200 Account; 404.
 * docs/api/accounts.md.
 */
import { accountToMastodon, credentialAccountToMastodon } from '../../entities/account/to-mastodon.js';
import { tokenToMastodon } from '../../entities/token/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { Params, pathParam } from '../../http/params.js';
import { covering, publicScopes, userScopes, type Route } from '../route.js';
import { GetAccount, GetAccounts, RegisterAccount, VerifyAccountCredentials } from '../../gql/operations.js';

export const accountRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/accounts',
    scopes: { required: covering('write:accounts'), as: 'app' },
    doc: { summary: 'Register an account', responds: 'Token', params: { username: 'string!', email: 'string!', password: 'string!', agreement: 'boolean!', locale: 'string!', reason: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = {
        username: params.string('username') ?? '',
        email: params.string('email') ?? '',
        password: params.string('password') ?? '',
        agreement: params.boolean('agreement') ?? false,
        locale: params.string('locale') ?? null,
        reason: params.string('reason') ?? null,
      };
      const { token } = await runMutation(services, req, res, RegisterAccount, { input: { ...input, ip: req.ip ?? null } }, 'registerAccount');
      res.json(tokenToMastodon(token));
    },
  },
  {
    method: 'get',
    path: '/api/v1/accounts/verify_credentials',
    scopes: userScopes('read:accounts', 'profile'),
    doc: { summary: "The token's account, with its source", responds: 'CredentialAccount' },
    async handle(services, req, res) {
      const data = await run(services, req, res, VerifyAccountCredentials);
      res.json(credentialAccountToMastodon(data.viewer));
    },
  },
  {
    method: 'get',
    path: '/api/v1/accounts',
    scopes: publicScopes('read:accounts'),
    doc: { summary: 'Several accounts by id', responds: ['Account'], params: { id: 'string[]' } },
    async handle(services, req, res) {
      const ids = Params.of(req).stringArray('id') ?? [];
      const data = await run(services, req, res, GetAccounts, { ids });
      res.json(data.accounts.map(accountToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/accounts/:id',
    scopes: publicScopes('read:accounts'),
    doc: { summary: 'An account', responds: 'Account' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetAccount, { id: pathParam(req, 'id') });
      res.json(accountToMastodon(data.account));
    },
  },
];
