/**
 * The notification policy (docs/api/notification-policy.md); user tokens only.
 * GET /api/v2/notifications/policy (read:notifications): NotificationPolicy, each rule accept | filter | drop,
 *   summary {pending_requests_count, pending_notifications_count} as numbers.
 * PATCH (or PUT) /api/v2/notifications/policy (write:notifications): for_not_following, for_not_followers,
 *   for_new_accounts, for_private_mentions, for_limited_accounts, each optional; another value is 422.
 * GET /api/v1/notifications/policy (read:notifications): the v1 shape, filter_not_following, filter_not_followers,
 *   filter_new_accounts, filter_private_mentions booleans (true where the rule filters or drops), counts as strings.
 * PATCH (or PUT) /api/v1/notifications/policy (write:notifications): those booleans; true sets filter, false accept.
 * Mastodon's Api::V2::Notifications::PoliciesController and Api::V1::Notifications::PoliciesController.
 */
import type { Request, Response } from 'express';
import { notificationPolicyToMastodon, notificationPolicyV1ToMastodon } from '../../entities/notification-policy/to-mastodon.js';
import { run, runMutation, type FacadeServices } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import {
  GetNotificationPolicy,
  UpdateNotificationPolicy,
  type NotificationPolicyAction,
  type NotificationPolicyFieldsFragment,
  type UpdateNotificationPolicyInput,
} from '../../gql/operations.js';

/** The v2 parameters and the input field each sets. */
const V2_RULES = {
  for_not_following: 'forNotFollowing',
  for_not_followers: 'forNotFollowers',
  for_new_accounts: 'forNewAccounts',
  for_private_mentions: 'forPrivateMentions',
  for_limited_accounts: 'forLimitedAccounts',
} as const;
const V1_RULES = {
  filter_not_following: 'forNotFollowing',
  filter_not_followers: 'forNotFollowers',
  filter_new_accounts: 'forNewAccounts',
  filter_private_mentions: 'forPrivateMentions',
} as const;
const ACTIONS = new Set(['accept', 'filter', 'drop']);

/** "for_not_following" -> "For not following", as Rails names the attribute in its message. */
function humanized(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function v2Input(params: Params): UpdateNotificationPolicyInput {
  const input: UpdateNotificationPolicyInput = {};
  for (const [name, field] of Object.entries(V2_RULES)) {
    const value = params.string(name);
    if (value === undefined || value === '') continue;
    if (!ACTIONS.has(value)) throw new HttpError(422, `Validation failed: ${humanized(name)} is not included in the list`);
    input[field] = value.toUpperCase() as NotificationPolicyAction;
  }
  return input;
}

function v1Input(params: Params): UpdateNotificationPolicyInput {
  const input: UpdateNotificationPolicyInput = {};
  for (const [name, field] of Object.entries(V1_RULES)) {
    const value = params.boolean(name);
    if (value !== undefined) input[field] = value ? 'FILTER' : 'ACCEPT';
  }
  return input;
}

async function readPolicy(services: FacadeServices, req: Request, res: Response): Promise<NotificationPolicyFieldsFragment> {
  const data = await run(services, req, res, GetNotificationPolicy, {});
  return data.notificationPolicy;
}

async function updatePolicy(services: FacadeServices, req: Request, res: Response, input: UpdateNotificationPolicyInput): Promise<NotificationPolicyFieldsFragment> {
  const data = await runMutation(services, req, res, UpdateNotificationPolicy, { input }, 'updateNotificationPolicy');
  return data.notificationPolicy;
}

const V2_PARAMS = { for_not_following: 'string', for_not_followers: 'string', for_new_accounts: 'string', for_private_mentions: 'string', for_limited_accounts: 'string' } as const;
const V1_PARAMS = { filter_not_following: 'boolean', filter_not_followers: 'boolean', filter_new_accounts: 'boolean', filter_private_mentions: 'boolean' } as const;

function v2Update(method: 'patch' | 'put'): Route {
  return {
    method,
    path: '/api/v2/notifications/policy',
    scopes: userScopes('write:notifications'),
    doc: { summary: 'Change your notification policy', responds: 'NotificationPolicy', params: V2_PARAMS },
    async handle(services, req, res) {
      res.json(notificationPolicyToMastodon(await updatePolicy(services, req, res, v2Input(Params.of(req)))));
    },
  };
}

function v1Update(method: 'patch' | 'put'): Route {
  return {
    method,
    path: '/api/v1/notifications/policy',
    scopes: userScopes('write:notifications'),
    doc: { summary: 'Change your notification policy (v1 booleans)', responds: 'NotificationPolicyV1', params: V1_PARAMS },
    async handle(services, req, res) {
      res.json(notificationPolicyV1ToMastodon(await updatePolicy(services, req, res, v1Input(Params.of(req)))));
    },
  };
}

export const notificationPolicyRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v2/notifications/policy',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'Your notification policy', responds: 'NotificationPolicy' },
    async handle(services, req, res) {
      res.json(notificationPolicyToMastodon(await readPolicy(services, req, res)));
    },
  },
  v2Update('patch'),
  v2Update('put'),
  {
    method: 'get',
    path: '/api/v1/notifications/policy',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'Your notification policy (v1 booleans)', responds: 'NotificationPolicyV1' },
    async handle(services, req, res) {
      res.json(notificationPolicyV1ToMastodon(await readPolicy(services, req, res)));
    },
  },
  v1Update('patch'),
  v1Update('put'),
];
