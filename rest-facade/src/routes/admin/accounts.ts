/**
 * Accounts for moderators (docs/api/moderation.md#accounts; Mastodon's Api::V2::Admin::AccountsController and
 * Api::V1::Admin::AccountsController#show). A user token with admin:read:accounts (or admin:read) and a role with
 * manage_users: 403 otherwise.
 * GET /api/v2/admin/accounts: newest first; origin (local, remote), status (active, pending, disabled, silenced,
 *   suspended), username (prefix), email (part), permissions=staff; max_id, since_id, min_id; limit default 100,
 *   at most 200; Link header. An unknown origin, status or permissions word is 422.
 * GET /api/v1/admin/accounts/:id: one Admin::Account; 404.
 */
import { adminAccountToMastodon } from '../../entities/report/to-mastodon.js';
import { GetAdminAccount, GetAdminAccounts, type AdminAccountStatus } from '../../gql/operations.js';
import { run } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';

const ADMIN_ACCOUNT_PAGE_SIZE = { default: 100, max: 200 } as const;
const STATUSES = new Set(['active', 'pending', 'disabled', 'silenced', 'suspended']);

/** A filter word outside its set is Mastodon's 422, as an unknown visibility is. */
function oneOf(params: Params, name: string, allowed: ReadonlySet<string>): string | null {
  const value = params.string(name);
  if (value === undefined || value === '') return null;
  if (!allowed.has(value)) throw new HttpError(422, `Validation failed: ${name.charAt(0).toUpperCase()}${name.slice(1)} is not included in the list`);
  return value;
}

export const adminAccountRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v2/admin/accounts',
    scopes: userScopes('admin:read:accounts'),
    doc: {
      summary: 'Accounts, for moderators',
      responds: ['AdminAccount'],
      paged: true,
      params: { origin: 'string', status: 'string', username: 'string', email: 'string', permissions: 'string' },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, ADMIN_ACCOUNT_PAGE_SIZE);
      const status = oneOf(params, 'status', STATUSES);
      const filter = {
        origin: oneOf(params, 'origin', new Set(['local', 'remote'])),
        status: status ? (status.toUpperCase() as AdminAccountStatus) : null,
        username: params.string('username') || null,
        email: params.string('email') || null,
        permissions: oneOf(params, 'permissions', new Set(['staff'])),
      };
      const data = await run(services, req, res, GetAdminAccounts, { ...filter, ...page });
      const keep = Object.fromEntries(['limit', 'origin', 'status', 'username', 'email', 'permissions'].map((name) => [name, params.string(name)]));
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: '/api/v2/admin/accounts', keep, style: 'list', limit: page.limit });
      res.json(data.page.items.map(adminAccountToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/admin/accounts/:id',
    scopes: userScopes('admin:read:accounts'),
    doc: { summary: 'One account, for moderators', responds: 'AdminAccount' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetAdminAccount, { id: pathParam(req, 'id') });
      res.json(adminAccountToMastodon(data.adminAccount));
    },
  },
];
