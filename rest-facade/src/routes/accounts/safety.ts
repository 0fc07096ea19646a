/**
 * POST /api/v1/accounts/:id/block and /unblock (follow, write or write:blocks): 200 Relationship; 404 for an unknown account.
 * POST /api/v1/accounts/:id/mute (follow, write or write:mutes; `notifications` default true, `duration` seconds, 0 = until unmuted)
 * and /unmute: 200 Relationship; 404; 422 for a duration out of range.
 * GET /api/v1/blocks (read:blocks) and /api/v1/mutes (read:mutes), also with follow or read: accounts, newest first, block or mute
 * ids as max_id/since_id/min_id, limit default 40 at most 80, a Link header. Every route needs a user token (an app token gets 422).
 * docs/api/safety.md; Mastodon's Api::V1::AccountsController#block/#unblock/#mute/#unmute, Api::V1::BlocksController, MutesController.
 */
import type { Request, Response } from 'express';
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { relationshipToMastodon } from '../../entities/relationship/to-mastodon.js';
import { timestamp } from '../../entities/operation.js';
import { run, runMutation, type FacadeServices } from '../../http/context.js';
import { ACCOUNT_PAGE_SIZE, pageQuery, setLinkHeader, type GqlPage } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import type { Operation } from '../../gateway-client.js';
import { userScopes, type Route } from '../route.js';
import { BlockAccount, GetBlocks, GetMutes, MuteAccount, UnblockAccount, UnmuteAccount, type AccountFieldsFragment, type RelationshipFieldsFragment } from '../../gql/operations.js';

type ListedAccount = AccountFieldsFragment & { muteExpiresAt?: string | null };

/** A muted account also says when its mute lapses (`mute_expires_at`, null for until unmuted), as Mastodon's list does. */
function listedAccountToMastodon(account: ListedAccount) {
  const mastodon = accountToMastodon(account);
  return account.muteExpiresAt === undefined ? mastodon : { ...mastodon, mute_expires_at: account.muteExpiresAt === null ? null : timestamp(account.muteExpiresAt) };
}

/** Rails' to_i: digits at the start, else 0; absent stays absent. Kept within an Int. */
function duration(params: Params): number | null {
  const raw = params.string('duration');
  if (raw === undefined || raw.trim() === '') return null;
  return Math.min(Math.max(Number.parseInt(raw, 10) || 0, -1), 2 ** 31 - 1);
}

function relationshipRoute(action: 'block' | 'unblock' | 'mute' | 'unmute', op: Operation, input: (req: Request) => Record<string, unknown>): Route {
  const muting = action === 'mute' || action === 'unmute';
  return {
    method: 'post',
    path: `/api/v1/accounts/:id/${action}`,
    scopes: userScopes(muting ? 'write:mutes' : 'write:blocks', 'follow'),
    doc: {
      summary: { block: 'Block an account', unblock: 'Unblock an account', mute: 'Mute an account', unmute: 'Unmute an account' }[action],
      responds: 'Relationship',
      ...(action === 'mute' ? { params: { notifications: 'boolean', duration: 'integer' } } : {}),
    },
    async handle(services, req, res) {
      const { relationship } = await runMutation<{ relationship: RelationshipFieldsFragment }>(services, req, res, op, { input: { accountId: pathParam(req, 'id'), ...input(req) } }, 'result');
      res.json(relationshipToMastodon(relationship));
    },
  };
}

function listRoute(kind: 'blocks' | 'mutes', query: Operation): Route {
  return {
    method: 'get',
    path: `/api/v1/${kind}`,
    scopes: userScopes(kind === 'blocks' ? 'read:blocks' : 'read:mutes', 'follow'),
    doc: { summary: kind === 'blocks' ? 'The accounts you block' : 'The accounts you mute', responds: ['Account'], paged: true },
    async handle(services: FacadeServices, req: Request, res: Response) {
      const params = Params.of(req);
      const page = pageQuery(params, ACCOUNT_PAGE_SIZE);
      const data = await run<{ page: GqlPage<ListedAccount> }>(services, req, res, query, { ...page });
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: `/api/v1/${kind}`, keep: { limit: params.string('limit') }, style: 'accounts', limit: page.limit });
      res.json(data.page.items.map(listedAccountToMastodon));
    },
  };
}

const none = () => ({});

export const safetyRoutes: Route[] = [
  relationshipRoute('block', BlockAccount, none),
  relationshipRoute('unblock', UnblockAccount, none),
  relationshipRoute('mute', MuteAccount, (req) => ({ notifications: Params.of(req).boolean('notifications') ?? null, duration: duration(Params.of(req)) })),
  relationshipRoute('unmute', UnmuteAccount, none),
  listRoute('blocks', GetBlocks),
  listRoute('mutes', GetMutes),
];
