/**
 * Notification requests: the notifications the policy filtered, one request a sender
 * (docs/api/notification-policy.md#requests); user tokens only.
 * GET /api/v1/notifications/requests (read:notifications): [NotificationRequest], pending ones, newest first;
 *   max_id, since_id, min_id (request ids), limit default 40, at most 80; Link header.
 * GET /api/v1/notifications/requests/:id (read:notifications): one; another user's is 404.
 * POST /api/v1/notifications/requests/:id/accept (write:notifications): the sender's notifications are listed from
 *   now on, the filtered ones too; {}; 404.
 * POST /api/v1/notifications/requests/:id/dismiss (write:notifications): no longer listed or counted; {}; 404.
 * POST /api/v1/notifications/requests/accept, .../dismiss (write:notifications): id[]; other ids ignored; {}.
 * GET /api/v1/notifications/requests/merged (read:notifications): {merged: true}: accepting merges before it answers.
 * Mastodon's Api::V1::Notifications::RequestsController.
 */
import { notificationRequestToMastodon } from '../../entities/notification-request/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import {
  AcceptNotificationRequest,
  AcceptNotificationRequests,
  DismissNotificationRequest,
  DismissNotificationRequests,
  GetNotificationRequest,
  GetNotificationRequests,
  GetNotificationRequestsMerged,
} from '../../gql/operations.js';

const REQUEST_PAGE_SIZE = { default: 40, max: 80 } as const;

/** POST .../requests/:id/accept or /dismiss. */
function oneRequest(action: 'accept' | 'dismiss'): Route {
  return {
    method: 'post',
    path: `/api/v1/notifications/requests/:id/${action}`,
    scopes: userScopes('write:notifications'),
    doc: { summary: action === 'accept' ? 'Accept a notification request' : 'Dismiss a notification request', responds: 'Empty' },
    async handle(services, req, res) {
      const input = { requestId: pathParam(req, 'id') };
      if (action === 'accept') await runMutation(services, req, res, AcceptNotificationRequest, { input }, 'acceptNotificationRequest');
      else await runMutation(services, req, res, DismissNotificationRequest, { input }, 'dismissNotificationRequest');
      res.json({});
    },
  };
}

/** POST .../requests/accept or /dismiss with id[]. */
function manyRequests(action: 'accept' | 'dismiss'): Route {
  return {
    method: 'post',
    path: `/api/v1/notifications/requests/${action}`,
    scopes: userScopes('write:notifications'),
    doc: { summary: action === 'accept' ? 'Accept several notification requests' : 'Dismiss several notification requests', responds: 'Empty', params: { id: 'string[]' } },
    async handle(services, req, res) {
      const input = { requestIds: Params.of(req).stringArray('id') ?? [] };
      if (action === 'accept') await runMutation(services, req, res, AcceptNotificationRequests, { input }, 'acceptNotificationRequests');
      else await runMutation(services, req, res, DismissNotificationRequests, { input }, 'dismissNotificationRequests');
      res.json({});
    },
  };
}

export const notificationRequestRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/notifications/requests',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'Your pending notification requests', responds: ['NotificationRequest'], paged: true },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, REQUEST_PAGE_SIZE);
      const data = await run(services, req, res, GetNotificationRequests, { ...page });
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep: { limit: params.string('limit') }, style: 'timeline', limit: page.limit });
      res.json(data.page.items.map(notificationRequestToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/notifications/requests/merged',
    scopes: userScopes('read:notifications'),
    doc: { summary: "Whether accepted requests' notifications are back in your list", responds: 'NotificationRequestsMerged' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetNotificationRequestsMerged, {});
      res.json({ merged: data.merged });
    },
  },
  {
    method: 'get',
    path: '/api/v1/notifications/requests/:id',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'One of your notification requests', responds: 'NotificationRequest' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetNotificationRequest, { id: pathParam(req, 'id') });
      res.json(notificationRequestToMastodon(data.notificationRequest));
    },
  },
  oneRequest('accept'),
  oneRequest('dismiss'),
  manyRequests('accept'),
  manyRequests('dismiss'),
];
