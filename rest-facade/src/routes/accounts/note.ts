/**
 * POST /api/v1/accounts/:id/note (write:accounts, user): sets the caller's private note on an account (`comment`);
 * absent, empty or blank removes it. 200 Relationship; 404; 422 when longer than 2000 characters.
 * docs/api/accounts.md#private-notes; Mastodon's Api::V1::Accounts::NotesController.
 */
import { relationshipToMastodon } from '../../entities/relationship/to-mastodon.js';
import { runMutation } from '../../http/context.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { SetAccountNote } from '../../gql/operations.js';

export const noteRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/accounts/:id/note',
    scopes: userScopes('write:accounts'),
    doc: { summary: 'Set your private note on an account', responds: 'Relationship', params: { comment: 'string' } },
    async handle(services, req, res) {
      const input = { accountId: pathParam(req, 'id'), comment: Params.of(req).string('comment') ?? null };
      const { relationship } = await runMutation(services, req, res, SetAccountNote, { input }, 'setAccountNote');
      res.json(relationshipToMastodon(relationship));
    },
  },
];
