/**
 * GET /api/v1/domain_blocks (read:blocks or follow, user): the caller's blocked domains as strings, newest block first;
 *   max_id and since_id are block ids; limit default 100, at most 200; Link header.
 * POST /api/v1/domain_blocks (write:blocks or follow, user): block `domain`. 200 {}; 422 blank, invalid or own domain.
 * DELETE /api/v1/domain_blocks (write:blocks or follow, user): unblock `domain`. 200 {} (also when not blocked); 422.
 * docs/api/domain-blocks.md; Mastodon's Api::V1::DomainBlocksController.
 */
import { runMutation } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { answerAccountPage } from '../accounts/follow-lists.js';
import { userScopes, type Route } from '../route.js';
import { BlockDomain, GetDomainBlocks, UnblockDomain } from '../../gql/operations.js';

const DOMAIN_BLOCK_PAGE_SIZE = { default: 100, max: 200 } as const;

function writeRoute(method: 'post' | 'delete', mutation: typeof BlockDomain, summary: string): Route {
  return {
    method,
    path: '/api/v1/domain_blocks',
    scopes: userScopes('write:blocks', 'follow'),
    doc: { summary, responds: 'Empty', params: { domain: 'string' } },
    async handle(services, req, res) {
      await runMutation(services, req, res, mutation, { input: { domain: Params.of(req).string('domain') ?? '' } }, 'result');
      res.json({});
    },
  };
}

export const domainBlockRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/domain_blocks',
    scopes: userScopes('read:blocks', 'follow'),
    doc: { summary: 'The domains you block', responds: ['Domain'], paged: true },
    handle: (services, req, res) =>
      answerAccountPage<string>(services, req, res, GetDomainBlocks, {}, '/api/v1/domain_blocks', { size: DOMAIN_BLOCK_PAGE_SIZE, toMastodon: (domain) => domain }),
  },
  writeRoute('post', BlockDomain, 'Block a domain'),
  writeRoute('delete', UnblockDomain, 'Unblock a domain'),
];
