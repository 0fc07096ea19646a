/**
 * GET /api/v1/directory?order=&local=&offset=&limit=: the profile directory, discoverable accounts only
 * (docs/api/search.md#the-profile-directory). order active (the default: most recent status first) or new (newest
 * accounts first); local is accepted (every account is local); limit default 40, at most 80. Public; a token needs
 * read or read:accounts. 200 [Account].
 */
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { GetDirectory } from '../../gql/operations.js';
import { run } from '../../http/context.js';
import { ACCOUNT_PAGE_SIZE, limitParam, offsetParam } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';

export const directoryRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/directory',
    scopes: publicScopes('read:accounts'),
    doc: { summary: 'The profile directory', responds: ['Account'], params: { order: 'string', local: 'boolean', offset: 'integer', limit: 'integer' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const variables = {
        // Anything but new is Mastodon's default, active.
        order: params.string('order') === 'new' ? ('NEW' as const) : ('ACTIVE' as const),
        limit: limitParam(params, ACCOUNT_PAGE_SIZE),
        offset: offsetParam(params),
      };
      const data = await run(services, req, res, GetDirectory, variables);
      res.json(data.directory.map(accountToMastodon));
    },
  },
];
