/**
 * GET /api/v1/accounts/familiar_followers?id[]=1&id[]=2: for each account, those of its followers the user
 * follows, in the order asked; unknown accounts are left out. read or read:follows, for a user.
 * 200 [FamiliarFollowers]; 401, 403, 422. Mastodon's Api::V1::Accounts::FamiliarFollowersController.
 */
import { FAMILIAR_FOLLOWERS_FRAGMENTS, familiarFollowersToMastodon, type GqlFamiliarFollowers } from '../../entities/familiar-followers/to-mastodon.js';
import { operation } from '../../entities/operation.js';
import { run } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';

const GetFamiliarFollowers = operation(
  'GetFamiliarFollowers',
  `query GetFamiliarFollowers($ids: [ID!]!) { familiarFollowers(ids: $ids) { ...FamiliarFollowersFields } }`,
  FAMILIAR_FOLLOWERS_FRAGMENTS,
);

export const familiarFollowerRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/accounts/familiar_followers',
    scopes: userScopes('read:follows'),
    doc: { summary: 'Followers of the given accounts whom the user follows', responds: ['FamiliarFollowers'], params: { id: 'string[]' } },
    async handle(services, req, res) {
      const ids = Params.of(req).stringArray('id') ?? [];
      const data = await run<{ familiarFollowers: GqlFamiliarFollowers[] }>(services, req, res, GetFamiliarFollowers, { ids });
      res.json(data.familiarFollowers.map(familiarFollowersToMastodon));
    },
  },
];
