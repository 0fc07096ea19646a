import type { Readable } from 'node:stream';
import { MEDIA_LIMITS } from '@social/uploads';
import { newUploadId, stagingKey } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';

export interface StagedUpload {
  /** Names the bytes in the upload mutation (the `Upload` value's `upload`). */
  upload: string;
  size: number;
}

/** The hard cap of any one file (Mastodon's video limit); images are checked against theirs later. */
const MAX_BYTES = MEDIA_LIMITS.videoSizeLimit;

/**
 * The first half of an upload: the bytes, handed over by the facade before
 * it runs the upload mutation, kept in storage under a random id until the
 * mutation (or the vacuum, after an hour) takes them. The binary so reaches
 * the media service without passing through GraphQL JSON.
 */
export class StagedUploads {
  constructor(private readonly storage: MediaStorage) {}

  /** A file on this machine (the facade in the same process): moved in, not copied when possible. */
  async adopt(localPath: string): Promise<StagedUpload> {
    const upload = newUploadId();
    const size = await this.storage.adopt(stagingKey(upload) as string, localPath);
    return { upload, size };
  }

  /** A request body streamed from a facade process (the internal upload route). */
  async receive(body: Readable): Promise<StagedUpload> {
    const upload = newUploadId();
    const size = await this.storage.put(stagingKey(upload) as string, body, { maxBytes: MAX_BYTES });
    return { upload, size };
  }
}
