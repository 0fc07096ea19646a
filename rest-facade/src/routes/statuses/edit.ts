/**
 * PUT /api/v1/statuses/:id: edit one's own status (write:statuses, user). 200 Status with edited_at; 404 for
 *   another's or a missing one; 403 for a boost; 422 as publishing. A parameter left out keeps what the status has.
 * GET /api/v1/statuses/:id/history: its versions, the original first (public like the status; read:statuses). 200 StatusEdit[].
 * GET /api/v1/statuses/:id/source: the text as typed (read:statuses, user, author only). 200 StatusSource; 404.
 * docs/api/edits.md.
 */
import { statusToMastodon } from '../../entities/status/to-mastodon.js';
import { statusEditToMastodon } from '../../entities/status-edit/to-mastodon.js';
import { statusSourceToMastodon } from '../../entities/status-source/to-mastodon.js';
import { EditStatus, StatusHistory, StatusSource } from '../../gql/operations.js';
import { run } from '../../http/context.js';
import { Params, pathParam } from '../../http/params.js';
import { pollParam } from '../polls/poll-param.js';
import { publicScopes, userScopes, type Route } from '../route.js';
import { runStatusWrite } from './committed-status.js';

/** media_attributes[][id|description|focus] as MediaAttributeInput; an entry without an id names nothing and is left out. */
function mediaAttributesParam(params: Params): Array<Record<string, unknown>> | null {
  const list = params.objectList('media_attributes');
  if (!list) return null;
  return list.flatMap((entry) => {
    const id = entry.string('id');
    return id ? [{ id, description: entry.string('description') ?? null, focus: entry.string('focus') || null }] : [];
  });
}

export const editRoutes: Route[] = [
  {
    method: 'put',
    path: '/api/v1/statuses/:id',
    scopes: userScopes('write:statuses'),
    doc: {
      summary: 'Edit a status',
      responds: 'Status',
      params: { status: 'string', spoiler_text: 'string', sensitive: 'boolean', language: 'string', media_ids: 'string[]', media_attributes: 'object', poll: 'object' },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = {
        statusId: String(req.params.id),
        status: params.string('status') ?? null,
        spoilerText: params.string('spoiler_text') ?? null,
        sensitive: params.boolean('sensitive') ?? null,
        language: params.string('language') ?? null,
        mediaIds: params.stringArray('media_ids') ?? null,
        mediaAttributes: mediaAttributesParam(params),
        // An explicit JSON null removes the poll, as an empty one does; left out, the poll stays.
        poll: params.isNull('poll') ? { options: [] } : pollParam(params.nested('poll')),
      };
      res.json(statusToMastodon(await runStatusWrite(services, req, res, EditStatus, { input }, 'editStatus')));
    },
  },
  {
    method: 'get',
    path: '/api/v1/statuses/:id/history',
    scopes: publicScopes('read:statuses'),
    doc: { summary: "A status's versions, the original first", responds: ['StatusEdit'] },
    async handle(services, req, res) {
      const { status } = await run(services, req, res, StatusHistory, { id: pathParam(req, 'id') });
      res.json(status.history.map(statusEditToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/statuses/:id/source',
    scopes: userScopes('read:statuses'),
    doc: { summary: "One's own status's text as typed", responds: 'StatusSource' },
    async handle(services, req, res) {
      const { statusSource } = await run(services, req, res, StatusSource, { id: pathParam(req, 'id') });
      res.json(statusSourceToMastodon(statusSource));
    },
  },
];
