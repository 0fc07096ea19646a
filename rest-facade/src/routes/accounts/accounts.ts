/**
 * POST /api/v1/accounts: sign-up with an app token (write:accounts). 200 Token; 401, 403, 422 with details.
 * GET /api/v1/accounts/verify_credentials: the user's own account (read:accounts or profile). 200 CredentialAccount; 401, 403.
 * GET /api/v1/accounts?id[]=1&id[]=2: several accounts (Mastodon 4.3), in the order asked, unknown ids left out;
 *   at most 40 ids (422). Public. 200 [Account].
 * GET /api/v1/accounts/:id: an account. Public. 200 Account; 404.
 * docs/api/accounts.md.
 */
import { ACCOUNT_FRAGMENTS, CREDENTIAL_ACCOUNT_FRAGMENTS } from '../../entities/account/account.fragment.js';
import { accountToMastodon, credentialAccountToMastodon, type GqlAccount } from '../../entities/account/to-mastodon.js';
import { operation } from '../../entities/operation.js';
import { TOKEN_FIELDS, tokenToMastodon, type GqlToken } from '../../entities/token/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { USER_ERROR_FIELDS } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { covering, publicScopes, userScopes, type Route } from '../route.js';

const RegisterAccount = operation(
  'RegisterAccount',
  `mutation RegisterAccount($input: RegisterAccountInput!) { registerAccount(input: $input) { token { ${TOKEN_FIELDS} } ${USER_ERROR_FIELDS} } }`,
);
const VerifyAccountCredentials = operation(
  'VerifyAccountCredentials',
  `query VerifyAccountCredentials { viewer { ...CredentialAccountFields } }`,
  CREDENTIAL_ACCOUNT_FRAGMENTS,
);
const GetAccounts = operation('GetAccounts', `query GetAccounts($ids: [ID!]!) { accounts(ids: $ids) { ...AccountFields } }`, ACCOUNT_FRAGMENTS);
const GetAccount = operation('GetAccount', `query GetAccount($id: ID!) { account(id: $id) { ...AccountFields } }`, ACCOUNT_FRAGMENTS);

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
      const { token } = await runMutation<{ token: GqlToken }>(services, req, res, RegisterAccount, { input: { ...input, ip: req.ip ?? null } }, 'registerAccount');
      res.json(tokenToMastodon(token));
    },
  },
  {
    method: 'get',
    path: '/api/v1/accounts/verify_credentials',
    scopes: userScopes('read:accounts', 'profile'),
    doc: { summary: "The token's account, with its source", responds: 'CredentialAccount' },
    async handle(services, req, res) {
      const data = await run<{ viewer: GqlAccount }>(services, req, res, VerifyAccountCredentials);
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
      const data = await run<{ accounts: GqlAccount[] }>(services, req, res, GetAccounts, { ids });
      res.json(data.accounts.map(accountToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/accounts/:id',
    scopes: publicScopes('read:accounts'),
    doc: { summary: 'An account', responds: 'Account' },
    async handle(services, req, res) {
      const data = await run<{ account: GqlAccount }>(services, req, res, GetAccount, { id: req.params.id });
      res.json(accountToMastodon(data.account));
    },
  },
];
