/**
 * POST /api/v1/accounts/:id/pin (write:accounts, user): endorse (feature) an account one follows. 200 Relationship;
 *   404; 422 when not following it.
 * POST /api/v1/accounts/:id/unpin (write:accounts, user): stop endorsing. 200 Relationship (also when not endorsed); 404.
 * GET /api/v1/endorsements (read:accounts, user) and GET /api/v1/accounts/:id/endorsements (public; a token needs
 *   read:accounts): accounts, newest endorsement first; max_id and since_id are endorsement ids; limit default 40,
 *   at most 80; Link header.
 * docs/api/accounts.md#endorsements; Mastodon's Api::V1::Accounts::PinsController, EndorsementsController.
 */
import { relationshipToMastodon } from '../../entities/relationship/to-mastodon.js';
import { runMutation } from '../../http/context.js';
import { publicScopes, userScopes, type Route } from '../route.js';
import { answerAccountPage } from './follow-lists.js';
import { EndorseAccount, GetAccountEndorsements, GetEndorsements, UnendorseAccount, type RelationshipFieldsFragment } from '../../gql/operations.js';
import { pathParam } from '../../http/params.js';

function writeRoute(action: 'pin' | 'unpin', mutation: typeof EndorseAccount, summary: string): Route {
  return {
    method: 'post',
    path: `/api/v1/accounts/:id/${action}`,
    scopes: userScopes('write:accounts'),
    doc: { summary, responds: 'Relationship' },
    async handle(services, req, res) {
      const { relationship } = await runMutation<{ relationship: RelationshipFieldsFragment }>(services, req, res, mutation, { input: { accountId: pathParam(req, 'id') } }, 'result');
      res.json(relationshipToMastodon(relationship));
    },
  };
}

export const endorsementRoutes: Route[] = [
  writeRoute('pin', EndorseAccount, 'Endorse (feature) an account you follow'),
  writeRoute('unpin', UnendorseAccount, 'Stop endorsing an account'),
  {
    method: 'get',
    path: '/api/v1/endorsements',
    scopes: userScopes('read:accounts'),
    doc: { summary: 'The accounts you endorse', responds: ['Account'], paged: true },
    handle: (services, req, res) => answerAccountPage(services, req, res, GetEndorsements, {}, '/api/v1/endorsements'),
  },
  {
    method: 'get',
    path: '/api/v1/accounts/:id/endorsements',
    scopes: publicScopes('read:accounts'),
    doc: { summary: 'The accounts an account endorses', responds: ['Account'], paged: true },
    handle: (services, req, res) =>
      answerAccountPage(services, req, res, GetAccountEndorsements, { id: pathParam(req, 'id') }, `/api/v1/accounts/${String(pathParam(req, 'id'))}/endorsements`),
  },
];
