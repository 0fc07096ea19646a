/**
 * POST /api/v1/accounts/:id/follow: follow, or change the follow's options (reblogs, notify). 200 Relationship; 404.
 * POST /api/v1/accounts/:id/unfollow: unfollow; 200 Relationship also when not following; 404.
 * Scopes follow, write or write:follows, for a user (an app token gets 422).
 * docs/api/accounts.md#follows; Mastodon's Api::V1::AccountsController#follow and #unfollow.
 */
import { operation } from '../../entities/operation.js';
import { RELATIONSHIP_FIELDS, relationshipToMastodon, type GqlRelationship } from '../../entities/relationship/to-mastodon.js';
import { run } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';

const FollowAccount = operation(
  'FollowAccount',
  `mutation FollowAccount($id: ID!, $input: FollowAccountInput) { followAccount(id: $id, input: $input) { ${RELATIONSHIP_FIELDS} } }`,
);
const UnfollowAccount = operation('UnfollowAccount', `mutation UnfollowAccount($id: ID!) { unfollowAccount(id: $id) { ${RELATIONSHIP_FIELDS} } }`);

const FOLLOW_SCOPES = userScopes('write:follows', 'follow');

export const followRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/accounts/:id/follow',
    scopes: FOLLOW_SCOPES,
    doc: { summary: 'Follow an account', responds: 'Relationship', params: { reblogs: 'boolean', notify: 'boolean' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { reblogs: params.boolean('reblogs') ?? null, notify: params.boolean('notify') ?? null };
      const data = await run<{ followAccount: GqlRelationship }>(services, req, res, FollowAccount, { id: req.params.id, input });
      res.json(relationshipToMastodon(data.followAccount));
    },
  },
  {
    method: 'post',
    path: '/api/v1/accounts/:id/unfollow',
    scopes: FOLLOW_SCOPES,
    doc: { summary: 'Unfollow an account', responds: 'Relationship' },
    async handle(services, req, res) {
      const data = await run<{ unfollowAccount: GqlRelationship }>(services, req, res, UnfollowAccount, { id: req.params.id });
      res.json(relationshipToMastodon(data.unfollowAccount));
    },
  },
];
