/**
 * GET /api/v1/statuses/:id/context: the thread around a status. Public for visible statuses; a token must
 * carry read or read:statuses. 200 Context {ancestors (root first), descendants (depth first, self-replies
 * first)}; anonymous callers get at most 40 ancestors, 60 descendants, 20 levels. 404.
 * docs/api/statuses.md#context.
 */
import { statusesToMastodon } from '../../entities/status/to-mastodon.js';
import { run } from '../../http/context.js';
import { publicScopes, type Route } from '../route.js';
import { GetStatusContext } from '../../gql/operations.js';
import { pathParam } from '../../http/params.js';

export const contextRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/statuses/:id/context',
    scopes: publicScopes('read:statuses'),
    doc: { summary: "A status's ancestors and descendants", responds: 'Context' },
    async handle(services, req, res) {
      const { context } = await run(services, req, res, GetStatusContext, {
        id: pathParam(req, 'id'),
      });
      res.json({ ancestors: statusesToMastodon(context.ancestors, 'thread'), descendants: statusesToMastodon(context.descendants, 'thread') });
    },
  },
];
