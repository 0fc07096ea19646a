/**
 * GET /api/v1/notifications (read or read:notifications, user): the caller's notifications, newest first.
 *   types[], exclude_types[], account_id, include_filtered (the policy's filtered ones too, docs/api/notification-policy.md); max_id, since_id, min_id (notification ids); limit default 40, at most 80.
 *   200 [Notification] with a Link header (next by max_id and prev by min_id whenever the page is not empty).
 * GET /api/v1/notifications/unread_count (read:notifications): {count} of notifications after the notifications
 *   marker, up to limit (default 100, at most 1000).
 * GET /api/v1/notifications/:id (read:notifications): one of them. 200 Notification; another user's is 404.
 * POST /api/v1/notifications/clear (write or write:notifications): 200 {}.
 * POST /api/v1/notifications/:id/dismiss (write:notifications): 200 {}; 404.
 * 401 without a token, 403 without the scope, 422 with an app token. Mastodon's Api::V1::NotificationsController.
 */
import { notificationHidden, notificationToMastodon, notificationTypesOf } from '../../entities/notification/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { limitParam, pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { ClearNotifications, DismissNotification, GetNotification, GetNotifications, GetNotificationsUnreadCount } from '../../gql/operations.js';

const NOTIFICATION_PAGE_SIZE = { default: 40, max: 80 } as const;
const UNREAD_COUNT_SIZE = { default: 100, max: 1000 } as const;

/** Notification.browserable's parameters, as given (the links keep them). */
function filterParams(params: Params) {
  return {
    types: params.stringArray('types') ?? null,
    excludeTypes: params.stringArray('exclude_types') ?? null,
    accountId: params.string('account_id') || null,
    includeFiltered: params.boolean('include_filtered') ?? false,
  };
}

/** The filter as the query takes it: the types as NotificationType values. */
function filterVariables(filter: ReturnType<typeof filterParams>) {
  return { types: notificationTypesOf(filter.types), excludeTypes: notificationTypesOf(filter.excludeTypes), accountId: filter.accountId, includeFiltered: filter.includeFiltered };
}

/** POST .../notifications/clear (v1 and v2 alike). */
export function clearNotificationsRoute(path: string): Route {
  return {
    method: 'post',
    path,
    scopes: userScopes('write:notifications'),
    doc: { summary: 'Dismiss all your notifications', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, ClearNotifications, {}, 'clearNotifications');
      res.json({});
    },
  };
}

export const notificationRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/notifications',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'Your notifications', responds: ['Notification'], paged: true, params: { types: 'string[]', exclude_types: 'string[]', account_id: 'string', include_filtered: 'boolean' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const filter = filterParams(params);
      const page = pageQuery(params, NOTIFICATION_PAGE_SIZE);
      const data = await run(services, req, res, GetNotifications, { ...filterVariables(filter), ...page });
      setLinkHeader(res, data.page, {
        publicUrl: services.config.publicUrl,
        path: req.path,
        keep: { limit: params.string('limit'), account_id: params.string('account_id'), include_filtered: params.string('include_filtered'), types: filter.types ?? undefined, exclude_types: filter.excludeTypes ?? undefined },
        style: 'timeline',
        limit: page.limit,
      });
      res.json(data.page.items.filter((item) => !notificationHidden(item)).map(notificationToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/notifications/unread_count',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'How many notifications came after the notifications marker', responds: 'UnreadCount', params: { limit: 'integer', types: 'string[]', exclude_types: 'string[]', account_id: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const variables = { ...filterVariables(filterParams(params)), limit: limitParam(params, UNREAD_COUNT_SIZE) };
      const data = await run(services, req, res, GetNotificationsUnreadCount, variables);
      res.json({ count: data.count });
    },
  },
  clearNotificationsRoute('/api/v1/notifications/clear'),
  {
    method: 'get',
    path: '/api/v1/notifications/:id',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'One of your notifications', responds: 'Notification' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetNotification, { id: pathParam(req, 'id') });
      res.json(notificationToMastodon(data.notification));
    },
  },
  {
    method: 'post',
    path: '/api/v1/notifications/:id/dismiss',
    scopes: userScopes('write:notifications'),
    doc: { summary: 'Dismiss one of your notifications', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DismissNotification, { input: { notificationId: pathParam(req, 'id') } }, 'dismissNotification');
      res.json({});
    },
  },
];
