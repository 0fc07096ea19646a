import { AppError } from '@social/errors';
import { parseId } from '@social/db';
import { exceedsCodePoints } from '@social/content';
import type { Principal } from '@social/federation';
import type { JobQueue } from '@social/jobs';
import { FOCUS_INVALID, focusOf, MEDIA_LIMITS, tooLargeMessage } from '@social/uploads';
import { MEDIA_PROCESS_QUEUE } from '../jobs/queues.js';
import { InvalidImageError, UnsupportedDimensionsError } from '../processing/image-processor.js';
import { ImageTooLargeError, type MediaPipeline } from '../processing/media-pipeline.js';
import { stagingKey } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';
import { storedFiles, type AttachmentData, type AttachmentRecord } from './attachment.data.js';
import type { StagedFileReference } from '@social/federation';
import type { UpdateMediaAttachmentInput, UploadMediaInput } from './attachment.input.js';

/** What a short code can look like (URL-safe base64); anything else names no attachment. */
const SHORTCODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The message for a file or thumbnail that is not a valid, supported file (docs/api/media.md#types-and-detection). */
const FILE_INVALID = 'File content type is invalid, File is invalid';

/** The input fields a refusal names (UserError.field), the same in the upload and the update. */
const FOCUS_FIELD = ['input', 'focus'];

/** "x,y", each from -1.0 to 1.0 (docs/api/media.md#meta-and-focus); anything else is refused. */
export function parseFocus(value: string): { x: number; y: number } {
  const focus = focusOf(value);
  if (!focus) throw AppError.validation([FOCUS_INVALID], undefined, FOCUS_FIELD);
  return focus;
}

/**
 * The rules of media (Mastodon's MediaController and MediaAttachment model):
 * who may read and change an attachment, what an upload becomes, and which
 * errors a client sees. Files are handled by the pipeline.
 */
export class AttachmentService {
  constructor(
    private readonly data: AttachmentData,
    private readonly storage: MediaStorage,
    private readonly pipeline: MediaPipeline,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * v1 (`synchronous`): processed in full before answering. v2: the preview
   * and blurhash now, the original by a job enqueued with the row.
   */
  async upload(input: UploadMediaInput, principal: Principal): Promise<AttachmentRecord> {
    try {
      return await this.create(input, principal);
    } catch (error) {
      // A refused upload keeps none of its bytes: the client sends them again (docs/api/media.md#staging).
      await this.storage.delete([input.file, input.thumbnail].map((file) => (file ? stagingKey(file.upload) : null)).filter((key): key is string => key !== null));
      throw error;
    }
  }

  private async create(input: UploadMediaInput, principal: Principal): Promise<AttachmentRecord> {
    const accountId = BigInt(principal.accountId as string);
    const description = this.description(input.description);
    const focus = input.focus ? parseFocus(input.focus) : null;
    if (!input.file) throw AppError.validation(["File can't be blank"], undefined, ['input', 'file']);
    const staged = await this.staged(input.file);
    const thumbnailStaged = input.thumbnail ? await this.staged(input.thumbnail) : null;
    const id = await this.data.nextId();
    const written: string[] = [];
    try {
      const thumbnail = thumbnailStaged ? await this.translate(this.pipeline.thumbnail(id, thumbnailStaged)) : null;
      if (thumbnail) written.push(thumbnail.version.key);
      const ingested = await this.translate(this.pipeline.ingest(id, staged, input.file, input.synchronous ?? false));
      const meta: Record<string, unknown> = focus ? { focus } : {};
      if (ingested.type === 'unknown') {
        written.push(ingested.fileKey);
        return await this.data.create({
          id, accountId, type: 'unknown', processing: 'done', description, meta, blurhash: null,
          fileKey: ingested.fileKey, fileSize: ingested.fileSize, fileContentType: ingested.contentType,
          previewKey: null, thumbnailKey: thumbnail?.version.key ?? null,
        });
      }
      written.push(ingested.preview.key, ...(ingested.original ? [ingested.original.key] : []));
      meta.small = ingested.preview.dimensions;
      if (ingested.original) meta.original = ingested.original.dimensions;
      const record = await this.data.create(
        {
          id, accountId, type: 'image', description, meta,
          processing: ingested.original ? 'done' : 'queued',
          fileKey: ingested.original?.key ?? staged,
          fileSize: ingested.original?.size ?? ingested.stagedSize,
          fileContentType: ingested.contentType,
          previewKey: ingested.preview.key,
          thumbnailKey: thumbnail?.version.key ?? null,
          blurhash: thumbnail?.blurhash ?? ingested.blurhash,
        },
        ingested.original ? undefined : (tx) => this.jobs.enqueue(MEDIA_PROCESS_QUEUE, { attachmentId: id.toString() }, { tx }),
      );
      if (!ingested.original) this.jobs.notify(MEDIA_PROCESS_QUEUE);
      return record;
    } catch (error) {
      await this.storage.delete(written);
      throw error;
    }
  }

  /**
   * The attachment a short link names, when a status holds it (Mastodon's
   * MediaController serves attached media only); whether the caller may see
   * that status is the statuses subgraph's to say. Null for anything else.
   */
  async byShortLink(shortcode: string): Promise<AttachmentRecord | null> {
    if (!SHORTCODE.test(shortcode)) return null;
    return this.data.findPostedByShortcode(shortcode);
  }

  /** The caller's own attachment not yet attached to a posted status; anything else is 404. */
  async get(id: string, principal: Principal): Promise<AttachmentRecord> {
    const record = await this.ownUnattached(id, principal);
    if (record.processing === 'failed') throw AppError.validation([FILE_INVALID]);
    return record;
  }

  async update(id: string, input: UpdateMediaAttachmentInput, principal: Principal): Promise<AttachmentRecord> {
    const record = await this.ownUnattached(id, principal);
    if (record.processing === 'failed') throw AppError.validation([FILE_INVALID]);
    const description = input.description === undefined ? undefined : this.description(input.description);
    const meta = input.focus ? { ...(record.meta as Record<string, unknown>), focus: parseFocus(input.focus) } : undefined;
    const thumbnailStaged = input.thumbnail ? await this.staged(input.thumbnail) : null;
    const thumbnail = thumbnailStaged ? await this.translate(this.pipeline.thumbnail(record.id, thumbnailStaged)) : null;
    const updated = await this.data.update(record.id, {
      ...(description !== undefined ? { description } : {}),
      ...(meta ? { meta } : {}),
      ...(thumbnail ? { thumbnailKey: thumbnail.version.key, blurhash: thumbnail.blurhash } : {}),
    });
    if (thumbnail && record.thumbnailKey && record.thumbnailKey !== thumbnail.version.key) await this.storage.delete([record.thumbnailKey]);
    return updated;
  }

  /** Mastodon 4.4's DELETE: only while no status holds it (422 otherwise); files go with the row. */
  async delete(id: string, principal: Principal): Promise<AttachmentRecord> {
    const mediaId = parseId(id);
    const found = mediaId ? await this.data.findOwned(mediaId, BigInt(principal.accountId as string)) : null;
    if (!found) throw AppError.notFound();
    if (found.attached) throw AppError.unprocessable('Media attachment is currently used by a status');
    const keys = await this.data.deleteUnattached(found.record.id);
    if (!keys) throw AppError.unprocessable('Media attachment is currently used by a status');
    await this.storage.delete(storedFiles(keys));
    return found.record;
  }

  private async ownUnattached(id: string, principal: Principal): Promise<AttachmentRecord> {
    const mediaId = parseId(id);
    const found = mediaId ? await this.data.findOwned(mediaId, BigInt(principal.accountId as string)) : null;
    if (!found || found.attached) throw AppError.notFound();
    return found.record;
  }

  private description(value: string | null | undefined): string | null {
    if (value === null || value === undefined || value === '') return null;
    if (exceedsCodePoints(value, MEDIA_LIMITS.descriptionLimit)) {
      throw AppError.validation([`Description is too long (maximum is ${MEDIA_LIMITS.descriptionLimit} characters)`], undefined, ['input', 'description']);
    }
    return value;
  }

  /** The staged bytes an upload names; an id that names none is an invalid file. */
  private async staged(file: StagedFileReference): Promise<string> {
    const key = stagingKey(file.upload);
    if (!key || (await this.storage.size(key)) === null) throw AppError.validation([FILE_INVALID]);
    return key;
  }

  /** Processing errors as the client's 422s. */
  private async translate<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof UnsupportedDimensionsError) throw AppError.unprocessable(error.message);
      if (error instanceof ImageTooLargeError) throw AppError.validation([tooLargeMessage('File', MEDIA_LIMITS.imageSizeLimit)]);
      if (error instanceof InvalidImageError) throw AppError.validation([FILE_INVALID]);
      throw error;
    }
  }
}
