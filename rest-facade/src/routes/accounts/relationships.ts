/**
 * GET /api/v1/accounts/relationships?id[]=1&id[]=2: the user's relationships with these accounts,
 * in the order asked; unknown accounts are left out. Scopes read or read:follows, for a user. 200 [Relationship].
 * Mastodon's Api::V1::Accounts::RelationshipsController.
 */
import { relationshipToMastodon } from '../../entities/relationship/to-mastodon.js';
import { run } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { GetRelationships } from '../../gql/operations.js';

export const relationshipRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/accounts/relationships',
    scopes: userScopes('read:follows'),
    doc: { summary: 'Relationships with the given accounts', responds: ['Relationship'], params: { id: 'string[]' } },
    async handle(services, req, res) {
      const ids = Params.of(req).stringArray('id') ?? [];
      const data = await run(services, req, res, GetRelationships, { ids });
      res.json(data.relationships.map(relationshipToMastodon));
    },
  },
];
