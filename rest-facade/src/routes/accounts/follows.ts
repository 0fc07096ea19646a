/**
 * POST /api/v1/accounts/:id/follow: follow (a locked account: ask to), or change the follow's (or request's) options
 * (reblogs, notify, languages[]). 200 Relationship; 404.
 * POST /api/v1/accounts/:id/unfollow: unfollow, or withdraw the request; 200 Relationship also when not following; 404.
 * POST /api/v1/accounts/:id/remove_from_followers: the account stops following the caller; 200 Relationship; 404.
 * Scopes follow, write or write:follows, for a user (an app token gets 422).
 * docs/api/accounts.md#follows; Mastodon's Api::V1::AccountsController#follow, #unfollow and #remove_from_followers.
 */
import { relationshipToMastodon } from '../../entities/relationship/to-mastodon.js';
import { runMutation } from '../../http/context.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { FollowAccount, RemoveFromFollowers, UnfollowAccount } from '../../gql/operations.js';

const FOLLOW_SCOPES = userScopes('write:follows', 'follow');

export const followRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/accounts/:id/follow',
    scopes: FOLLOW_SCOPES,
    doc: { summary: 'Follow an account', responds: 'Relationship', params: { reblogs: 'boolean', notify: 'boolean', languages: 'string[]' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { accountId: pathParam(req, 'id'), reblogs: params.boolean('reblogs') ?? null, notify: params.boolean('notify') ?? null, languages: params.stringArray('languages') ?? null };
      const { relationship } = await runMutation(services, req, res, FollowAccount, { input }, 'followAccount');
      res.json(relationshipToMastodon(relationship));
    },
  },
  {
    method: 'post',
    path: '/api/v1/accounts/:id/unfollow',
    scopes: FOLLOW_SCOPES,
    doc: { summary: 'Unfollow an account', responds: 'Relationship' },
    async handle(services, req, res) {
      const { relationship } = await runMutation(services, req, res, UnfollowAccount, { input: { accountId: pathParam(req, 'id') } }, 'unfollowAccount');
      res.json(relationshipToMastodon(relationship));
    },
  },
  {
    method: 'post',
    path: '/api/v1/accounts/:id/remove_from_followers',
    scopes: FOLLOW_SCOPES,
    doc: { summary: 'Remove an account from your followers', responds: 'Relationship' },
    async handle(services, req, res) {
      const { relationship } = await runMutation(services, req, res, RemoveFromFollowers, { input: { accountId: pathParam(req, 'id') } }, 'removeFromFollowers');
      res.json(relationshipToMastodon(relationship));
    },
  },
];
