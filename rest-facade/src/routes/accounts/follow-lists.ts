/**
 * GET /api/v1/accounts/:id/followers and /following: accounts, newest follow first; max_id and since_id are
 * follow ids; limit default 40, at most 80. Needs a token (app or user) with read or read:accounts (docs/api/accounts.md#reading).
 * 200 [Account] with a Link header (next only after a full page, prev after any non-empty one); 401, 403, 404.
 * Mastodon's Api::V1::Accounts::FollowerAccountsController and FollowingAccountsController.
 */
import type { Request, Response } from 'express';
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import type { Operation } from '../../gateway-client.js';
import { run, type FacadeServices } from '../../http/context.js';
import { ACCOUNT_PAGE_SIZE, pageQuery, setLinkHeader, type GqlPage } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { covering, type Route } from '../route.js';
import { GetAccountFollowers, GetAccountFollowing, type AccountFieldsFragment } from '../../gql/operations.js';

/**
 * Answers a page whose cursors are the rows' own ids (follows, endorsements, domain blocks): max_id and since_id
 * only, as Mastodon's account lists take, with the Link header. Accounts unless told how to render the items.
 */
export async function answerAccountPage<T = AccountFieldsFragment>(
  services: FacadeServices, req: Request, res: Response, query: Operation, variables: Record<string, unknown>, path: string,
  items: { size: { default: number; max: number }; toMastodon: (item: T) => unknown } = { size: ACCOUNT_PAGE_SIZE, toMastodon: accountToMastodon as (item: T) => unknown },
): Promise<void> {
  const params = Params.of(req);
  const page = pageQuery(params, items.size, { minId: false });
  const data = await run<{ page: GqlPage<T> }>(services, req, res, query, { ...variables, maxId: page.maxId, sinceId: page.sinceId, limit: page.limit });
  setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path, keep: { limit: params.string('limit') }, style: 'accounts', limit: page.limit });
  res.json(data.page.items.map(items.toMastodon));
}

function listRoute(side: 'followers' | 'following', query: Operation): Route {
  return {
    method: 'get',
    path: `/api/v1/accounts/:id/${side}`,
    scopes: { required: covering('read:accounts') },
    doc: { summary: side === 'followers' ? "An account's followers" : 'The accounts an account follows', responds: ['Account'], paged: true },
    handle: (services, req, res) => answerAccountPage(services, req, res, query, { id: pathParam(req, 'id') }, `/api/v1/accounts/${String(pathParam(req, 'id'))}/${side}`),
  };
}

export const followListRoutes: Route[] = [listRoute('followers', GetAccountFollowers), listRoute('following', GetAccountFollowing)];
