import type { Request, Response } from 'express';
import { Messages } from '@social/errors';
import type { FacadeServices } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { readMultipart, type UploadedFile } from '../../http/upload.js';

/** Mastodon's upload sizes (docs/api/media.md#limits): images under 16 MB, other files under 99 MB. */
const IMAGE_BYTES = 16 * 1024 * 1024;
const OTHER_BYTES = 99 * 1024 * 1024;
const LIMITS = {
  file: (contentType: string) => (/^image\//i.test(contentType) ? IMAGE_BYTES : OTHER_BYTES),
  thumbnail: () => IMAGE_BYTES,
};

/** A staged file as the upload and update mutations name it (UploadedFileInput). */
export interface StagedFile {
  upload: string;
  contentType: string | null;
  fileName: string | null;
}

export interface StagedFiles {
  file: StagedFile | null;
  thumbnail: StagedFile | null;
  cleanup(): Promise<void>;
}

/**
 * The first half of an upload route: stream the multipart files to disk
 * (sizes enforced while reading), then hand each to the media service, in
 * this process or over its internal route. The route then runs its one
 * mutation naming them; the binary never travels in GraphQL.
 */
export async function stageFiles(services: FacadeServices, req: Request, res: Response): Promise<StagedFiles> {
  const read = await readMultipart(req, res, LIMITS, services.config.bodyLimitBytes);
  try {
    for (const [field, bytes] of read.tooLarge) {
      const label = field === 'file' ? 'File' : 'Thumbnail';
      throw new HttpError(422, `Validation failed: ${label} file size must be less than ${bytes / 1024 / 1024} MB`);
    }
    const present = Object.values(read.files);
    if (present.length > 0 && !services.uploads) throw new HttpError(503, Messages.unavailable);
    const stage = async (file: UploadedFile | undefined): Promise<StagedFile | null> =>
      file ? { upload: await (services.uploads as NonNullable<FacadeServices['uploads']>).stage(file), contentType: file.contentType, fileName: file.fileName } : null;
    const [file, thumbnail] = await Promise.all([stage(read.files.file), stage(read.files.thumbnail)]);
    return { file, thumbnail, cleanup: read.cleanup };
  } catch (error) {
    await read.cleanup();
    throw error;
  }
}
