/**
 * GET /api/v1/follow_requests (follow, read or read:follows, user): accounts asking to follow the caller, newest request
 * first; request ids as max_id/since_id/min_id, limit default 40 at most 80, a Link header.
 * POST /api/v1/follow_requests/:account_id/authorize and /reject (follow, write or write:follows, user): accept or decline
 * that account's request. 200 Relationship; 404 when the account has no pending request.
 * An app token gets 422. docs/api/follow-requests.md; Mastodon's Api::V1::FollowRequestsController.
 */
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { relationshipToMastodon } from '../../entities/relationship/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { ACCOUNT_PAGE_SIZE, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { AuthorizeFollowRequest, GetFollowRequests, RejectFollowRequest } from '../../gql/operations.js';

function answerRoute(action: 'authorize' | 'reject', op: typeof AuthorizeFollowRequest | typeof RejectFollowRequest): Route {
  return {
    method: 'post',
    path: `/api/v1/follow_requests/:account_id/${action}`,
    scopes: userScopes('write:follows', 'follow'),
    doc: { summary: action === 'authorize' ? 'Accept a follow request' : 'Reject a follow request', responds: 'Relationship' },
    async handle(services, req, res) {
      const { relationship } = await runMutation(services, req, res, op, { input: { accountId: pathParam(req, 'account_id') } }, 'result');
      res.json(relationshipToMastodon(relationship));
    },
  };
}

export const followRequestRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/follow_requests',
    scopes: userScopes('read:follows', 'follow'),
    doc: { summary: 'Accounts asking to follow you', responds: ['Account'], paged: true },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, ACCOUNT_PAGE_SIZE);
      const data = await run(services, req, res, GetFollowRequests, { ...page });
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: '/api/v1/follow_requests', keep: { limit: params.string('limit') }, style: 'accounts', limit: page.limit });
      res.json(data.page.items.map(accountToMastodon));
    },
  },
  answerRoute('authorize', AuthorizeFollowRequest),
  answerRoute('reject', RejectFollowRequest),
];
