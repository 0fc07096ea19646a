/**
 * GET /api/v1/statuses/:id/card: the status's preview card (Mastodon removed the route in 3.0.0 for the
 * card field of Status; clients of older versions still call it). Public for visible statuses; a token
 * must carry read or read:statuses. 200 PreviewCard, or {} when the status has none (yet: the card is
 * fetched in the background); 404 Record not found for a status that is missing or hidden from the
 * caller.
 */
import { previewCardToMastodon } from '../../entities/preview-card/to-mastodon.js';
import { run } from '../../http/context.js';
import { publicScopes, type Route } from '../route.js';
import { GetStatusCard } from '../../gql/operations.js';
import { pathParam } from '../../http/params.js';

export const cardRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/statuses/:id/card',
    scopes: publicScopes('read:statuses'),
    doc: { summary: "A status's preview card ({} when it has none)", responds: 'PreviewCardOrEmpty' },
    async handle(services, req, res) {
      const { status } = await run(services, req, res, GetStatusCard, { id: pathParam(req, 'id') });
      res.json(status.card ? previewCardToMastodon(status.card) : {});
    },
  },
];
