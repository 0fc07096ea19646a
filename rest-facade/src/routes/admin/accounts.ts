/**
 * Accounts for moderators (docs/api/moderation.md#accounts; Mastodon's Api::V2::Admin::AccountsController and
 * Api::V1::Admin::AccountsController#show). A user token with admin:read:accounts (or admin:read) and a role with
 * manage_users: 403 otherwise.
 * GET /api/v2/admin/accounts: newest first; origin (local, remote), status (active, pending, disabled, silenced,
 *   suspended), username (prefix), display_name, email (parts), ip, permissions=staff; max_id, since_id, min_id; limit
 *   default 100, at most 200; Link header. An unknown origin, status or permissions word is 422.
 * GET /api/v1/admin/accounts: the same list with v1's booleans (local, remote, active, pending, disabled, silenced,
 *   suspended, sensitized, staff); local and active unless another origin or state is asked for, as Mastodon's.
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
/** v1's state flags, in Mastodon's order: the last one given wins. */
const V1_STATUSES = ['active', 'pending', 'disabled', 'silenced', 'suspended'] as const;
const TEXT_FILTERS = ['username', 'display_name', 'email', 'ip'] as const;

/** The text filters both versions read, as the operation's variables. */
function textFilters(params: Params) {
  return {
    username: params.string('username') || null,
    displayName: params.string('display_name') || null,
    email: params.string('email') || null,
    ip: params.string('ip') || null,
  };
}

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
      params: { origin: 'string', status: 'string', username: 'string', display_name: 'string', email: 'string', ip: 'string', permissions: 'string' },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, ADMIN_ACCOUNT_PAGE_SIZE);
      const status = oneOf(params, 'status', STATUSES);
      const filter = {
        origin: oneOf(params, 'origin', new Set(['local', 'remote'])),
        status: status ? (status.toUpperCase() as AdminAccountStatus) : null,
        ...textFilters(params),
        permissions: oneOf(params, 'permissions', new Set(['staff'])),
        sensitized: null,
      };
      const data = await run(services, req, res, GetAdminAccounts, { ...filter, ...page });
      const keep = Object.fromEntries(['limit', 'origin', 'status', ...TEXT_FILTERS, 'permissions'].map((name) => [name, params.string(name)]));
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: '/api/v2/admin/accounts', keep, style: 'list', limit: page.limit });
      res.json(data.page.items.map(adminAccountToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/admin/accounts',
    scopes: userScopes('admin:read:accounts'),
    doc: {
      summary: 'Accounts, for moderators (v1 filters)',
      responds: ['AdminAccount'],
      paged: true,
      params: {
        local: 'boolean', remote: 'boolean', active: 'boolean', pending: 'boolean', disabled: 'boolean', silenced: 'boolean', suspended: 'boolean',
        sensitized: 'boolean', staff: 'boolean', username: 'string', display_name: 'string', email: 'string', ip: 'string',
      },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, ADMIN_ACCOUNT_PAGE_SIZE);
      // Mastodon's v1 filter: local and active unless told otherwise; the last state flag given wins.
      const status = V1_STATUSES.filter((name) => params.boolean(name)).pop() ?? 'active';
      const filter = {
        origin: params.boolean('remote') ? 'remote' : 'local',
        status: status.toUpperCase() as AdminAccountStatus,
        ...textFilters(params),
        permissions: params.boolean('staff') ? 'staff' : null,
        sensitized: params.boolean('sensitized') ? true : null,
      };
      const data = await run(services, req, res, GetAdminAccounts, { ...filter, ...page });
      const names = ['limit', 'local', 'remote', ...V1_STATUSES, 'sensitized', 'staff', ...TEXT_FILTERS];
      const keep = Object.fromEntries(names.map((name) => [name, params.string(name)]));
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: '/api/v1/admin/accounts', keep, style: 'list', limit: page.limit });
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
