import { MEDIA_LIMITS } from '@social/uploads';
import { mediaFileKey, plainExtension, thumbnailKey } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';
import { ImageProcessor, InvalidImageError, type Dimensions, type ProbedImage } from './image-processor.js';
import { claimsImage, readHead, sniffImageFormat } from './sniff.js';

/** What the client said about a file (its multipart part). */
export interface ClientFile {
  contentType?: string | null;
  fileName?: string | null;
}

/** An image file over Mastodon's image size limit. */
export class ImageTooLargeError extends Error {}

export interface StoredVersion {
  key: string;
  size: number;
  contentType: string;
  dimensions: Dimensions;
}

/** What an upload became before the row is written. */
export type Ingested =
  | { type: 'unknown'; fileKey: string; fileSize: number; contentType: string | null }
  | {
      type: 'image';
      preview: StoredVersion;
      blurhash: string;
      /** Present when processed in full now (v1); otherwise a job makes it from the staged file. */
      original: StoredVersion | null;
      stagedSize: number;
      contentType: string;
    };

/**
 * From staged bytes to stored versions: sniff, probe, then render with
 * sharp and write to storage. Keys are named after the attachment id and
 * the upload's random id, so a job that runs twice writes the same keys.
 */
export class MediaPipeline {
  private readonly images = new ImageProcessor();

  constructor(private readonly storage: MediaStorage) {}

  /** The file's name part in storage: the first half of its random upload id. */
  static fileName(stagedKey: string): string {
    return (stagedKey.split('/').pop() as string).slice(0, 16);
  }

  /**
   * An upload: an image gets its preview and blurhash now, and its original
   * now too when `full`; any other file is kept as it is, type unknown.
   */
  async ingest(id: bigint, stagedKey: string, file: ClientFile, full: boolean): Promise<Ingested> {
    const stagedSize = (await this.storage.size(stagedKey)) ?? 0;
    const analysed = await this.storage.withLocalFile(stagedKey, async (path) => {
      const probed = await this.probe(path, file);
      if (!probed) return null;
      if (stagedSize > MEDIA_LIMITS.imageSizeLimit) throw new ImageTooLargeError();
      const name = MediaPipeline.fileName(stagedKey);
      const [[preview, blurhash], original] = await Promise.all([
        this.images.preview(path, probed).then(async (made) => [made, await this.images.blurhash(made.data)] as const),
        full ? this.images.original(path, probed) : Promise.resolve(null),
      ]);
      return { probed, name, preview, blurhash, original };
    });
    if (!analysed) {
      const fileKey = mediaFileKey(id, 'original', MediaPipeline.fileName(stagedKey), plainExtension(file.fileName));
      await this.storage.move(stagedKey, fileKey);
      return { type: 'unknown', fileKey, fileSize: stagedSize, contentType: file.contentType ?? null };
    }
    const { name, preview, blurhash, original } = analysed;
    const storedPreview = await this.store(mediaFileKey(id, 'small', name, preview.extension), preview);
    const storedOriginal = original ? await this.store(mediaFileKey(id, 'original', name, original.extension), original) : null;
    if (storedOriginal) await this.storage.delete([stagedKey]);
    return { type: 'image', preview: storedPreview, blurhash, original: storedOriginal, stagedSize, contentType: original?.contentType ?? preview.contentType };
  }

  /** The job's half of a v2 upload: the original from the staged file (removed afterwards by the caller). */
  async processOriginal(id: bigint, stagedKey: string): Promise<StoredVersion> {
    const rendition = await this.storage.withLocalFile(stagedKey, async (path) => {
      const probed = await this.probe(path, {});
      if (!probed) throw new InvalidImageError('the staged file is no longer an image');
      return this.images.original(path, probed);
    });
    return this.store(mediaFileKey(id, 'original', MediaPipeline.fileName(stagedKey), rendition.extension), rendition);
  }

  /** A custom thumbnail: processed like a preview; it must be an image. */
  async thumbnail(id: bigint, stagedKey: string): Promise<{ version: StoredVersion; blurhash: string }> {
    const size = (await this.storage.size(stagedKey)) ?? 0;
    const made = await this.storage.withLocalFile(stagedKey, async (path) => {
      const probed = await this.probe(path, { contentType: 'image/*' });
      if (!probed) throw new InvalidImageError('thumbnail is not an image');
      if (size > MEDIA_LIMITS.imageSizeLimit) throw new ImageTooLargeError();
      const preview = await this.images.preview(path, probed);
      return [preview, await this.images.blurhash(preview.data)] as const;
    });
    const [rendition, blurhash] = made;
    const version = await this.store(thumbnailKey(id, MediaPipeline.fileName(stagedKey), rendition.extension), rendition);
    await this.storage.delete([stagedKey]);
    return { version, blurhash };
  }

  /**
   * The image in the file, or null for a file that neither is one by its
   * bytes nor claims to be one. A claimed image sharp cannot read is invalid.
   */
  private async probe(path: string, file: ClientFile): Promise<ProbedImage | null> {
    const format = sniffImageFormat(await readHead(path));
    if (!format) {
      if (claimsImage(file.contentType, file.fileName)) throw new InvalidImageError('not an image of a supported format');
      return null;
    }
    return this.images.probe(path, format, MEDIA_LIMITS.imageMatrixLimit);
  }

  private async store(key: string, rendition: { data: Buffer; contentType: string; dimensions: Dimensions }): Promise<StoredVersion> {
    const size = await this.storage.put(key, rendition.data, { contentType: rendition.contentType });
    return { key, size, contentType: rendition.contentType, dimensions: rendition.dimensions };
  }
}
