/**
 * GET /api/v1/scheduled_statuses (read or read:statuses, user): the caller's pending scheduled statuses, newest
 * first; max_id, since_id, min_id, limit (default 20, at most 40). 200 [ScheduledStatus] with a Link header
 * (next after a full page, prev by min_id).
 * GET /api/v1/scheduled_statuses/:id (read:statuses): 200 ScheduledStatus; 404 Record not found (another's too).
 * PUT /api/v1/scheduled_statuses/:id (write:statuses): scheduled_at only. 200 ScheduledStatus; 404; 422
 * "Validation failed: Scheduled at date must be in the future", the limits, "Record invalid" for a bad date.
 * DELETE /api/v1/scheduled_statuses/:id (write:statuses): 200 {}; 404.
 * docs/api/scheduled-statuses.md (Mastodon's Api::V1::ScheduledStatusesController).
 */
import { scheduledStatusToMastodon } from '../../entities/scheduled-status/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { answerListPage } from '../../http/list-page.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { CancelScheduledStatus, GetScheduledStatus, GetScheduledStatuses, RescheduleStatus, type ScheduledStatusFieldsFragment } from '../../gql/operations.js';

export const scheduledStatusRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/scheduled_statuses',
    scopes: userScopes('read:statuses'),
    doc: { summary: "The caller's scheduled statuses", responds: ['ScheduledStatus'], paged: true },
    async handle(services, req, res) {
      await answerListPage<ScheduledStatusFieldsFragment>(services, req, res, GetScheduledStatuses, (item) => scheduledStatusToMastodon(item));
    },
  },
  {
    method: 'get',
    path: '/api/v1/scheduled_statuses/:id',
    scopes: userScopes('read:statuses'),
    doc: { summary: 'A scheduled status', responds: 'ScheduledStatus' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetScheduledStatus, { id: pathParam(req, 'id') });
      res.json(scheduledStatusToMastodon(data.scheduledStatus));
    },
  },
  {
    method: 'put',
    path: '/api/v1/scheduled_statuses/:id',
    scopes: userScopes('write:statuses'),
    doc: { summary: 'Move a scheduled status to another time', responds: 'ScheduledStatus', params: { scheduled_at: 'string' } },
    async handle(services, req, res) {
      const scheduledAt = Params.of(req).string('scheduled_at') ?? null;
      const input = { scheduledStatusId: pathParam(req, 'id'), scheduledAt };
      const { scheduledStatus } = await runMutation(services, req, res, RescheduleStatus, { input }, 'rescheduleStatus');
      res.json(scheduledStatusToMastodon(scheduledStatus));
    },
  },
  {
    method: 'delete',
    path: '/api/v1/scheduled_statuses/:id',
    scopes: userScopes('write:statuses'),
    doc: { summary: 'Cancel a scheduled status', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, CancelScheduledStatus, { input: { scheduledStatusId: pathParam(req, 'id') } }, 'cancelScheduledStatus');
      res.json({});
    },
  },
];
