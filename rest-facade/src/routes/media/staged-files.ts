import type { Request, Response } from 'express';
import { Messages } from '@social/errors';
import { mediaFileBytes, thumbnailBytes, tooLargeMessage, type UploadedFile } from '@social/uploads';
import type { FacadeServices } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { readMultipart } from '../../http/upload.js';

/** The media service's upload sizes (docs/api/media.md#limits), enforced while reading. */
const LIMITS = { file: mediaFileBytes, thumbnail: thumbnailBytes };

/** A staged file as the upload and update mutations name it (an `Upload` value). */
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
      throw new HttpError(422, `Validation failed: ${tooLargeMessage(field === 'file' ? 'File' : 'Thumbnail', bytes)}`);
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
