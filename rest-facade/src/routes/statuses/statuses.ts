/**
 * POST /api/v1/statuses: publish (write:statuses, user). 200 Status, or ScheduledStatus with a scheduled_at more
 * than 5 minutes ahead (docs/api/scheduled-statuses.md#scheduling); 401, 403, 404 (reply target), 422.
 * GET /api/v1/statuses?id[]=1&id[]=2: several statuses (Mastodon 4.3), in the order asked, each once; missing ones, those the
 *   caller may not see and those of blocked or muted accounts left out; more than 20 ids is 422. Public; read:statuses. 200 [Status].
 * GET /api/v1/statuses/:id: view. Public for public statuses; read:statuses for private ones. 200 Status; 404.
 *   Anonymous reads go through the status read cache (X-Cache: HIT or MISS; Cache-Control: no-cache reads through).
 * DELETE /api/v1/statuses/:id: delete one's own (write:statuses). 200 Status with text; 404.
 * docs/api/statuses.md#posting, #reading, #delete.
 */
import { scheduledStatusToMastodon } from '../../entities/scheduled-status/to-mastodon.js';
import { statusToMastodon, type GqlStatus } from '../../entities/status/to-mastodon.js';
import { ErrorCode, Messages } from '@social/errors';
import { isAnonymous, run, runMutation, sendJsonBytes, wantsRevalidation } from '../../http/context.js';
import { retryAfterOf, writeRateLimitHeaders } from '../../http/rate-limit.js';
import { GatewayError, HttpError } from '../../http/errors.js';
import { Params, pathParam } from '../../http/params.js';
import { takeEarlyLookup } from '../../cache/cached-status-reads.js';
import { runStatusWrite } from './committed-status.js';
import { pollParam } from '../polls/poll-param.js';
import { publicScopes, userScopes, type Route } from '../route.js';
import { DeleteStatus, GetStatus, GetStatuses, PublishStatus, ScheduleStatus, type ScheduleStatusMutation, type StatusVisibility } from '../../gql/operations.js';

const VISIBILITIES: Record<string, StatusVisibility> = { public: 'PUBLIC', unlisted: 'UNLISTED', private: 'PRIVATE', direct: 'DIRECT' };

/** REST's visibility word as the GraphQL enum; an unknown word is Mastodon's 422. */
export function visibilityParam(value: string | undefined): StatusVisibility | null {
  if (value === undefined || value === '') return null;
  const visibility = VISIBILITIES[value];
  if (!visibility) throw new HttpError(422, 'Validation failed: Visibility is not included in the list');
  return visibility;
}

export const statusRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/statuses',
    scopes: userScopes('write:statuses'),
    doc: { summary: 'Publish a status, or schedule it (scheduled_at)', responds: 'StatusOrScheduledStatus', params: { scheduled_at: 'string', status: 'string', media_ids: 'string[]', poll: 'object', in_reply_to_id: 'string', sensitive: 'boolean', spoiler_text: 'string', visibility: 'string', language: 'string' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = {
        status: params.string('status') ?? null,
        visibility: visibilityParam(params.string('visibility')),
        sensitive: params.boolean('sensitive') ?? null,
        spoilerText: params.string('spoiler_text') ?? null,
        language: params.string('language') ?? null,
        inReplyToId: params.string('in_reply_to_id') || null,
        idempotencyKey: req.get('idempotency-key') ?? null,
        mediaIds: params.stringArray('media_ids') ?? null,
        poll: pollParam(params.nested('poll')),
      };
      // With a time, one operation decides: a ScheduledStatus, or the Status when the time has already come.
      const scheduledAt = params.string('scheduled_at');
      if (scheduledAt) {
        const result = await runMutation<NonNullable<ScheduleStatusMutation['scheduleStatus']>>(services, req, res, ScheduleStatus, { input: { ...input, scheduledAt } }, 'scheduleStatus');
        res.json(result.scheduledStatus ? scheduledStatusToMastodon(result.scheduledStatus) : statusToMastodon(result.status as GqlStatus));
        return;
      }
      res.json(statusToMastodon(await runStatusWrite(services, req, res, PublishStatus, { input }, 'publishStatus')));
    },
  },
  {
    method: 'get',
    path: '/api/v1/statuses',
    scopes: publicScopes('read:statuses'),
    doc: { summary: 'Several statuses by id', responds: ['Status'], params: { id: 'string[]' } },
    async handle(services, req, res) {
      const ids = Params.of(req).stringArray('id') ?? [];
      const data = await run(services, req, res, GetStatuses, { ids });
      res.json(data.statuses.map((status) => statusToMastodon(status)));
    },
  },
  {
    method: 'get',
    path: '/api/v1/statuses/:id',
    scopes: publicScopes('read:statuses'),
    doc: { summary: 'A status', responds: 'Status' },
    async handle(services, req, res) {
      const cache = services.statusCache;
      if (!cache || !isAnonymous(req)) {
        const data = await run(services, req, res, GetStatus, { id: pathParam(req, 'id') });
        res.json(statusToMastodon(data.status));
        return;
      }
      const id = String(pathParam(req, 'id'));
      const lookup = takeEarlyLookup(req) ?? (await cache.lookup(id, req.ip ?? '', wantsRevalidation(req)));
      if (lookup.kind !== 'miss') {
        writeRateLimitHeaders(req, res, lookup.rateLimit);
        if (lookup.kind === 'limited') throw new HttpError(429, Messages.tooManyRequests, retryAfterOf(lookup.rateLimit));
        res.setHeader('X-Cache', 'HIT');
        sendJsonBytes(res, lookup.body);
        return;
      }
      res.setHeader('X-Cache', 'MISS');
      let status: Record<string, unknown>;
      try {
        status = statusToMastodon((await run(services, req, res, GetStatus, { id })).status);
      } catch (error) {
        // Gone or hidden: drop it. Not on a refusal of this client (429) or an outage: others' entry stays.
        if (error instanceof GatewayError && error.error.extensions?.code === ErrorCode.NOT_FOUND) cache.forget(id);
        throw error;
      }
      const body = Buffer.from(JSON.stringify(status));
      cache.store(id, lookup, status, body);
      sendJsonBytes(res, body);
    },
  },
  {
    method: 'delete',
    path: '/api/v1/statuses/:id',
    scopes: userScopes('write:statuses'),
    doc: { summary: 'Delete a status (answers it with its source text)', responds: 'Status' },
    async handle(services, req, res) {
      const { status } = await runMutation(services, req, res, DeleteStatus, { input: { statusId: pathParam(req, 'id') } }, 'deleteStatus');
      res.json(statusToMastodon(status, { source: true }));
    },
  },
];
