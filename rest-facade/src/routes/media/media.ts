/**
 * GET /api/v1/media/:id: 206 while processing (url null), 200 when ready; 422 when processing failed.
 * PUT /api/v1/media/:id: `description`, `focus`, `thumbnail` (multipart); 200, or 206 while processing.
 * DELETE /api/v1/media/:id: {} (Mastodon 4.4); 422 while a posted status holds it.
 * All: write:media (or write), user token; only the creator's attachment, and GET and PUT only until a
 * posted status holds it, else 404 Record not found. docs/api/media.md#endpoints.
 */
import type { MediaAttachmentFieldsFragment } from '../../gql/operations.js';
import { mediaAttachmentToMastodon } from '../../entities/media-attachment/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { focusParam } from './focus.js';
import { stageFiles } from './staged-files.js';
import { DeleteMediaAttachment, GetMediaAttachment, UpdateMediaAttachment } from '../../gql/operations.js';

type Processed = MediaAttachmentFieldsFragment & { processing: string };

/** Mastodon's status for an attachment: 206 Partial Content until the full version exists. */
const statusOf = (media: Processed) => (media.processing === 'DONE' ? 200 : 206);

export const mediaRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/media/:id',
    scopes: userScopes('write:media'),
    doc: { summary: 'An attachment (206 while it is processed)', responds: 'MediaAttachment', status: [200, 206] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetMediaAttachment, { id: pathParam(req, 'id') });
      res.status(statusOf(data.mediaAttachment)).json(mediaAttachmentToMastodon(data.mediaAttachment));
    },
  },
  {
    method: 'put',
    path: '/api/v1/media/:id',
    scopes: userScopes('write:media'),
    doc: { summary: "Change an attachment's description or focus", responds: 'MediaAttachment', status: [200, 206], params: { description: 'string', focus: 'string', thumbnail: 'file' } },
    streamsFiles: true,
    async handle(services, req, res) {
      const staged = await stageFiles(services, req, res);
      try {
        const params = Params.of(req);
        const input: Record<string, unknown> = { mediaAttachmentId: pathParam(req, 'id') };
        if (params.has('description')) input.description = params.string('description') ?? null;
        if (params.has('focus')) input.focus = focusParam(params);
        if (staged.thumbnail) input.thumbnail = staged.thumbnail;
        const { mediaAttachment } = await runMutation(services, req, res, UpdateMediaAttachment, { input }, 'updateMediaAttachment');
        res.status(statusOf(mediaAttachment)).json(mediaAttachmentToMastodon(mediaAttachment));
      } finally {
        await staged.cleanup();
      }
    },
  },
  {
    method: 'delete',
    path: '/api/v1/media/:id',
    scopes: userScopes('write:media'),
    doc: { summary: 'Delete an unattached attachment', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteMediaAttachment, { input: { mediaAttachmentId: pathParam(req, 'id') } }, 'deleteMediaAttachment');
      res.json({});
    },
  },
];
