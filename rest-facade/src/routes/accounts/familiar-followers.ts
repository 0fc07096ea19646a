/**
 * GET /api/v1/accounts/familiar_followers?id[]=1&id[]=2: for each account, those of its followers the user
 * follows, in the order asked; unknown accounts are left out. read or read:follows, for a user.
 * 200 [FamiliarFollowers]; 401, 403, 422. Mastodon's Api::V1::Accounts::FamiliarFollowersController.
 */
import { familiarFollowersToMastodon } from '../../entities/familiar-followers/to-mastodon.js';
import { run } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { GetFamiliarFollowers } from '../../gql/operations.js';

export const familiarFollowerRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/accounts/familiar_followers',
    scopes: userScopes('read:follows'),
    doc: { summary: 'Followers of the given accounts whom the user follows', responds: ['FamiliarFollowers'], params: { id: 'string[]' } },
    async handle(services, req, res) {
      const ids = Params.of(req).stringArray('id') ?? [];
      const data = await run(services, req, res, GetFamiliarFollowers, { ids });
      res.json(data.familiarFollowers.map(familiarFollowersToMastodon));
    },
  },
];
