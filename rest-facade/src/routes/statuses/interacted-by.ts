/**
 * GET /api/v1/statuses/:id/reblogged_by and /favourited_by: accounts that boosted (publicly) or favourited a
 * visible status, newest first. Public; a token must carry read or read:accounts. limit default 40, at most
 * 80; max_id and since_id are boost and favourite ids (min_id is ignored). 200 [Account] with a Link header
 * (next after a full page, prev as since_id); 404. docs/api/statuses.md#interactions.
 */
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { run } from '../../http/context.js';
import { ACCOUNT_PAGE_SIZE, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { publicScopes, type Route } from '../route.js';
import { GetStatusFavouritedBy, GetStatusRebloggedBy } from '../../gql/operations.js';

function interactedByRoute(action: 'reblogged_by' | 'favourited_by', query: typeof GetStatusRebloggedBy): Route {
  return {
    method: 'get',
    path: `/api/v1/statuses/:id/${action}`,
    scopes: publicScopes('read:accounts'),
    doc: { summary: `The accounts that ${action === 'reblogged_by' ? 'boosted' : 'favourited'} a status`, responds: ['Account'], paged: true },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, ACCOUNT_PAGE_SIZE, { minId: false });
      const data = await run(services, req, res, query, { id: pathParam(req, 'id'), maxId: page.maxId, sinceId: page.sinceId, limit: page.limit });
      setLinkHeader(res, data.page, {
        publicUrl: services.config.publicUrl,
        path: req.path,
        keep: { limit: params.string('limit') },
        style: 'accounts',
        limit: page.limit,
      });
      res.json(data.page.items.map(accountToMastodon));
    },
  };
}

export const interactedByRoutes: Route[] = [interactedByRoute('reblogged_by', GetStatusRebloggedBy), interactedByRoute('favourited_by', GetStatusFavouritedBy)];
