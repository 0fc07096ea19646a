/**
 * Grouped notifications, Mastodon 4.3's API v2 (docs/api/notifications.md#grouping); read:notifications
 * (write:notifications to dismiss or clear), user tokens only.
 * GET /api/v2/notifications: {accounts, [partial_accounts], statuses, notification_groups}; types[], exclude_types[],
 *   grouped_types[] (of favourite, reblog, follow: the default), expand_accounts (full | partial_avatars, else 400),
 *   include_filtered (the policy's filtered notifications too, docs/api/notification-policy.md), account_id (accepted,
 *   no effect, as Mastodon's v2 controller); max_id, since_id, min_id
 *   (notification ids); limit counts groups, default 40, at most 80. Link: next by max_id, prev by min_id.
 * GET /api/v2/notifications/unread_count: {count} of groups newer than the notifications marker (limit 100, at most 1000).
 * GET /api/v2/notifications/:group_key: the envelope with that one group, without page bounds; 404 for none.
 * GET /api/v2/notifications/:group_key/accounts: [Account] of its notifications, newest first; max_id, limit (40, 80).
 * POST /api/v2/notifications/:group_key/dismiss: deletes the group's notifications; {}; 404 for none.
 * POST /api/v2/notifications/clear: deletes all of them; {}.
 */
import { notificationGroupPageToMastodon, type ExpandAccounts } from '../../entities/notification-group/to-mastodon.js';
import { notificationTypesOf } from '../../entities/notification/to-mastodon.js';
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { limitParam, pageQuery, setLinkHeader, type GqlPage } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { clearNotificationsRoute } from './notifications.js';
import { DismissNotificationGroup, GetNotificationGroup, GetNotificationGroupAccounts, GetNotificationGroups, GetNotificationGroupsUnreadCount } from '../../gql/operations.js';

const GROUP_PAGE_SIZE = { default: 40, max: 80 } as const;
const UNREAD_COUNT_SIZE = { default: 100, max: 1000 } as const;
const FILTER_DOC = { types: 'string[]', exclude_types: 'string[]', grouped_types: 'string[]', account_id: 'string', include_filtered: 'boolean' } as const;

/** The list parameters as given (the links keep them). */
function filterParams(params: Params) {
  return {
    types: params.stringArray('types') ?? null,
    excludeTypes: params.stringArray('exclude_types') ?? null,
    groupedTypes: params.stringArray('grouped_types') ?? null,
    includeFiltered: params.boolean('include_filtered') ?? false,
  };
}

/** As the query takes them: NotificationType values; grouped_types absent is the default (favourite, reblog, follow). */
function filterVariables(filter: ReturnType<typeof filterParams>) {
  return {
    types: notificationTypesOf(filter.types),
    excludeTypes: notificationTypesOf(filter.excludeTypes),
    groupedTypes: filter.groupedTypes === null ? null : (notificationTypesOf(filter.groupedTypes) ?? []),
    includeFiltered: filter.includeFiltered,
  };
}

/** expand_accounts: full (the default) or partial_avatars; anything else is refused as Mastodon does. */
function expandAccounts(params: Params): ExpandAccounts {
  const value = params.string('expand_accounts');
  if (value === undefined || value === '' || value === 'full') return 'full';
  if (value === 'partial_avatars') return value;
  throw new HttpError(400, `Invalid value for 'expand_accounts': '${value}', allowed values are 'full' and 'partial_avatars'`);
}

export const groupedNotificationRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v2/notifications',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'Your notifications, grouped', responds: 'GroupedNotificationsResults', paged: true, params: { ...FILTER_DOC, expand_accounts: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const expand = expandAccounts(params);
      const filter = filterParams(params);
      const page = pageQuery(params, GROUP_PAGE_SIZE);
      const data = await run(services, req, res, GetNotificationGroups, { ...filterVariables(filter), ...page });
      const groups: GqlPage<unknown> = { items: data.page.groups, nextMaxId: data.page.nextMaxId, prevMinId: data.page.prevMinId };
      setLinkHeader(res, groups, {
        publicUrl: services.config.publicUrl,
        path: req.path,
        keep: {
          limit: params.string('limit'),
          types: filter.types ?? undefined,
          exclude_types: filter.excludeTypes ?? undefined,
          grouped_types: filter.groupedTypes ?? undefined,
          expand_accounts: params.string('expand_accounts'),
          include_filtered: params.string('include_filtered'),
        },
        style: 'timeline',
        limit: page.limit,
      });
      res.json(notificationGroupPageToMastodon(data.page, expand));
    },
  },
  {
    method: 'get',
    path: '/api/v2/notifications/unread_count',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'How many notification groups came after the notifications marker', responds: 'UnreadCount', params: { ...FILTER_DOC, limit: 'integer' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const variables = { ...filterVariables(filterParams(params)), limit: limitParam(params, UNREAD_COUNT_SIZE) };
      const data = await run(services, req, res, GetNotificationGroupsUnreadCount, variables);
      res.json({ count: data.count });
    },
  },
  clearNotificationsRoute('/api/v2/notifications/clear'),
  {
    method: 'get',
    path: '/api/v2/notifications/:group_key',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'One of your notification groups', responds: 'GroupedNotificationsResults', params: { expand_accounts: 'string' } },
    async handle(services, req, res) {
      const expand = expandAccounts(Params.of(req));
      const data = await run(services, req, res, GetNotificationGroup, { groupKey: pathParam(req, 'group_key') });
      res.json(notificationGroupPageToMastodon(data.page, expand));
    },
  },
  {
    method: 'get',
    path: '/api/v2/notifications/:group_key/accounts',
    scopes: userScopes('read:notifications'),
    doc: { summary: 'The accounts of one of your notification groups', responds: ['Account'], paged: true },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, GROUP_PAGE_SIZE);
      const data = await run(services, req, res, GetNotificationGroupAccounts, { groupKey: pathParam(req, 'group_key'), maxId: page.maxId, limit: page.limit });
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep: { limit: params.string('limit') }, style: 'accounts', limit: page.limit });
      res.json(data.page.items.map(accountToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v2/notifications/:group_key/dismiss',
    scopes: userScopes('write:notifications'),
    doc: { summary: 'Dismiss one of your notification groups', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DismissNotificationGroup, { input: { groupKey: pathParam(req, 'group_key') } }, 'dismissNotificationGroup');
      res.json({});
    },
  },
];
