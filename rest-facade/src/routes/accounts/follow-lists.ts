/**
 * GET /api/v1/accounts/:id/followers and /following: accounts, newest follow first; max_id and since_id are
 * follow ids; limit default 40, at most 80. Needs a token (app or user) with read or read:accounts (spec 4.5).
 * 200 [Account] with a Link header (next only after a full page, prev after any non-empty one); 401, 403, 404.
 * Mastodon's Api::V1::Accounts::FollowerAccountsController and FollowingAccountsController.
 */
import type { Request, Response } from 'express';
import { ACCOUNT_FRAGMENTS } from '../../entities/account/account.fragment.js';
import { accountToMastodon, type GqlAccount } from '../../entities/account/to-mastodon.js';
import { operation } from '../../entities/operation.js';
import { run, type FacadeServices } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { covering, type Route } from '../route.js';

interface GqlFollowPage { accounts: GqlAccount[]; nextMaxId: string | null; prevSinceId: string | null }

const PAGE = 'accounts { ...AccountFields } nextMaxId prevSinceId';
const GetAccountFollowers = operation(
  'GetAccountFollowers',
  `query GetAccountFollowers($id: ID!, $page: FollowPageInput) { page: accountFollowers(accountId: $id, page: $page) { ${PAGE} } }`,
  ACCOUNT_FRAGMENTS,
);
const GetAccountFollowing = operation(
  'GetAccountFollowing',
  `query GetAccountFollowing($id: ID!, $page: FollowPageInput) { page: accountFollowing(accountId: $id, page: $page) { ${PAGE} } }`,
  ACCOUNT_FRAGMENTS,
);

/** Rails' to_i (leading digits, else 0), kept within GraphQL's Int; the subgraph applies the default and the maximum. */
function limitParam(params: Params): number | null {
  const value = params.string('limit');
  if (value === undefined) return null;
  const parsed = Number.parseInt(value, 10);
  return Number.isNaN(parsed) ? 0 : Math.min(Math.abs(parsed), 1000);
}

/** Mastodon's Link header: the kept `limit` and the cursor, keys in alphabetical order. */
function linkHeader(url: string, limit: string | undefined, page: GqlFollowPage): string | null {
  const link = (cursor: Record<string, string>, rel: string) => {
    const query = new URLSearchParams(Object.entries({ ...cursor, ...(limit === undefined ? {} : { limit }) }).sort(([a], [b]) => a.localeCompare(b)));
    return `<${url}?${query}>; rel="${rel}"`;
  };
  const links = [
    ...(page.nextMaxId ? [link({ max_id: page.nextMaxId }, 'next')] : []),
    ...(page.prevSinceId ? [link({ since_id: page.prevSinceId }, 'prev')] : []),
  ];
  return links.length > 0 ? links.join(', ') : null;
}

function listRoute(side: 'followers' | 'following', query: typeof GetAccountFollowers): Route {
  return {
    method: 'get',
    path: `/api/v1/accounts/:id/${side}`,
    scopes: { required: covering('read:accounts') },
    async handle(services: FacadeServices, req: Request, res: Response) {
      const params = Params.of(req);
      const page = { maxId: params.string('max_id') || null, sinceId: params.string('since_id') || null, limit: limitParam(params) };
      const data = await run<{ page: GqlFollowPage }>(services, req, res, query, { id: req.params.id, page });
      const link = linkHeader(`${services.config.publicUrl}/api/v1/accounts/${req.params.id}/${side}`, params.string('limit'), data.page);
      if (link) res.setHeader('Link', link);
      res.json(data.page.accounts.map(accountToMastodon));
    },
  };
}

export const followListRoutes: Route[] = [listRoute('followers', GetAccountFollowers), listRoute('following', GetAccountFollowing)];
