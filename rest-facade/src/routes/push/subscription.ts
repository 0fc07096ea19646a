/**
 * POST /api/v1/push/subscription (push, user): subscription[endpoint], subscription[keys][p256dh],
 *   subscription[keys][auth], subscription[standard], data[alerts][<type>], data[policy] (form, JSON or
 *   nested brackets). 200 WebPushSubscription, replacing the token's old one; 422 "Validation failed: ..."
 *   for a blank (or left out) or invalid endpoint or key, or an unknown policy.
 * GET /api/v1/push/subscription (push, user): 200 WebPushSubscription, 404 "Record not found" without one.
 * PUT /api/v1/push/subscription (push, user): data[alerts][<type>], data[policy]; replaces them as Mastodon
 *   does (an alert left out is off, a policy left out is all). 404 without a subscription.
 * DELETE /api/v1/push/subscription (push, user): 200 {}, with or without one.
 * Unknown alert keys are ignored. Mastodon's Api::V1::Push::SubscriptionsController; docs/api/push.md.
 */
import type { Request } from 'express';
import { ALERT_KEYS, POLICIES, webPushSubscriptionToMastodon } from '../../entities/web-push-subscription/to-mastodon.js';
import { CreatePushSubscription, DeletePushSubscription, GetPushSubscription, UpdatePushSubscription, type WebPushAlertsInput, type WebPushPolicy } from '../../gql/operations.js';
import { requestToken, run, runMutation } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';

const SCOPES = userScopes('push');
const DATA = { data: 'object' } as const;

/**
 * `data[alerts]` and `data[policy]` as Mastodon stores them: the whole
 * `data` at once, each alert off unless given true, the policy all unless given.
 */
function dataOf(req: Request): { alerts: WebPushAlertsInput; policy: WebPushPolicy } {
  const data = Params.of(req).nested('data');
  const alerts = data?.nested('alerts');
  const policy = data?.string('policy');
  if (policy !== undefined && policy !== '' && !Object.hasOwn(POLICIES, policy)) throw new HttpError(422, 'Validation failed: Policy is not included in the list');
  return {
    alerts: Object.fromEntries(Object.entries(ALERT_KEYS).map(([key, field]) => [field, alerts?.boolean(key) ?? false])),
    policy: policy ? POLICIES[policy] : 'ALL',
  };
}

export const pushSubscriptionRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/push/subscription',
    scopes: SCOPES,
    doc: { summary: "Subscribe the token to Web Push", responds: 'WebPushSubscription', params: { subscription: 'object!', ...DATA } },
    async handle(services, req, res) {
      // Left out, the endpoint and keys are blank, which the service refuses after the token's checks (Mastodon's 400 for no subscription came before them).
      const subscription = Params.of(req).nested('subscription');
      const keys = subscription?.nested('keys');
      const input = {
        endpoint: subscription?.string('endpoint') ?? '',
        keys: { p256dh: keys?.string('p256dh') ?? '', auth: keys?.string('auth') ?? '' },
        standard: subscription?.boolean('standard') ?? false,
        ...dataOf(req),
        // Sent back in every push's access_token, so the client knows which of its accounts it is for.
        accessToken: requestToken(req) ?? null,
      };
      const { pushSubscription } = await runMutation(services, req, res, CreatePushSubscription, { input }, 'createPushSubscription');
      res.json(webPushSubscriptionToMastodon(pushSubscription));
    },
  },
  {
    method: 'get',
    path: '/api/v1/push/subscription',
    scopes: SCOPES,
    doc: { summary: "The token's Web Push subscription", responds: 'WebPushSubscription' },
    async handle(services, req, res) {
      const { pushSubscription } = await run(services, req, res, GetPushSubscription);
      if (!pushSubscription) throw new HttpError(404, 'Record not found');
      res.json(webPushSubscriptionToMastodon(pushSubscription));
    },
  },
  {
    method: 'put',
    path: '/api/v1/push/subscription',
    scopes: SCOPES,
    doc: { summary: "Change what the token's subscription pushes", responds: 'WebPushSubscription', params: DATA },
    async handle(services, req, res) {
      const { pushSubscription } = await runMutation(services, req, res, UpdatePushSubscription, { input: dataOf(req) }, 'updatePushSubscription');
      res.json(webPushSubscriptionToMastodon(pushSubscription));
    },
  },
  {
    method: 'delete',
    path: '/api/v1/push/subscription',
    scopes: SCOPES,
    doc: { summary: "Remove the token's Web Push subscription", responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeletePushSubscription, {}, 'deletePushSubscription');
      res.json({});
    },
  },
];
