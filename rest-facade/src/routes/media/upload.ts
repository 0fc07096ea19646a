/**
 * POST /api/v1/media: upload, processed in full before answering (deprecated since 3.1.3). 200 Attachment.
 * POST /api/v2/media: upload; the preview is made before answering and the original in the background:
 *   202 Attachment with url null (200 when nothing is left to process, a file of unknown type).
 * Both: write:media (or write), user token. Multipart `file` (images < 16 MB, others < 99 MB),
 * `thumbnail`, `description`, `focus` ("x,y"). 401, 403, 422 (no file, invalid or corrupt file,
 * too large, too many pixels, bad focus, long description). docs/api/media.md.
 */
import { mediaAttachmentToMastodon } from '../../entities/media-attachment/to-mastodon.js';
import { runMutation } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { focusParam } from './focus.js';
import { stageFiles } from './staged-files.js';
import { UploadMedia } from '../../gql/operations.js';

function uploadRoute(path: string, synchronous: boolean): Route {
  return {
    method: 'post',
    path,
    scopes: userScopes('write:media'),
    doc: {
      summary: synchronous ? 'Upload a file (processed before the answer)' : 'Upload a file (202 while it is processed)',
      responds: 'MediaAttachment',
      status: synchronous ? 200 : [200, 202],
      params: { file: 'file!', thumbnail: 'file', description: 'string', focus: 'string' },
    },
    streamsFiles: true,
    async handle(services, req, res) {
      const staged = await stageFiles(services, req, res);
      try {
        const params = Params.of(req);
        const input = { file: staged.file, thumbnail: staged.thumbnail, description: params.string('description') ?? null, focus: focusParam(params), synchronous };
        const { mediaAttachment: media } = await runMutation(services, req, res, UploadMedia, { input }, 'uploadMedia');
        res.status(media.processing === 'DONE' ? 200 : 202).json(mediaAttachmentToMastodon(media));
      } finally {
        await staged.cleanup();
      }
    },
  };
}

export const uploadRoutes: Route[] = [uploadRoute('/api/v1/media', true), uploadRoute('/api/v2/media', false)];
