import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '@social/errors';
import { MEDIA_LIMITS } from '@social/uploads';
import { ImageProcessor, InvalidImageError, UnsupportedDimensionsError } from '../processing/image-processor.js';
import { readHead, sniffImageFormat, type ImageFormat } from '../processing/sniff.js';
import { idPartition, stagingKey } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';

export type ProfileImageKind = 'avatar' | 'header';

/** A staged upload as the profile mutation names it (an `Upload` value). */
export interface ProfileImageUpload {
  upload: string;
  contentType?: string | null;
  fileName?: string | null;
}

/** The stored files: `staticKey` only for an animated GIF (its first frame, as PNG). */
export interface StoredProfileImage {
  key: string;
  staticKey: string | null;
}

/** Mastodon's profile images (docs/api/accounts.md#profile-images): size, formats and the cropped box. */
const PROFILE_IMAGE = {
  byteLimit: 8 * 1024 * 1024,
  formats: new Set<ImageFormat>(['jpeg', 'png', 'gif', 'webp']),
  box: { avatar: { width: 400, height: 400 }, header: { width: 1500, height: 500 } },
} as const;

const LABEL: Record<ProfileImageKind, string> = { avatar: 'Avatar', header: 'Header' };
const EXTENSION: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

function invalid(kind: ProfileImageKind, problem: string): AppError {
  return AppError.validation([`${LABEL[kind]} ${problem}`], { [kind]: [{ error: 'ERR_INVALID', description: problem }] });
}

/**
 * Avatars and headers: a staged upload checked (size, a format sniffed from
 * its bytes), cropped to Mastodon's box from the centre (never enlarged),
 * metadata dropped, stored under accounts/<kind>s/<id partition>/. An
 * animated GIF stays animated, with a still first frame beside it.
 */
export class ProfileImageStore {
  private readonly processor = new ImageProcessor();

  constructor(private readonly storage: MediaStorage) {}

  async store(accountId: string, kind: ProfileImageKind, file: ProfileImageUpload): Promise<StoredProfileImage> {
    const staged = stagingKey(file.upload);
    const size = staged ? await this.storage.size(staged) : null;
    if (!staged || size === null) throw AppError.badRequest('The upload was not found: stage the file first', ['input', kind, 'upload']);
    try {
      if (size >= PROFILE_IMAGE.byteLimit) throw invalid(kind, `file size must be less than ${PROFILE_IMAGE.byteLimit / 1024 / 1024} MB`);
      return await this.storage.withLocalFile(staged, (path) => this.process(accountId, kind, path));
    } finally {
      await this.storage.delete([staged]);
    }
  }

  remove(keys: readonly string[]): Promise<void> {
    return this.storage.delete(keys.filter((key) => key.startsWith('accounts/')));
  }

  private async process(accountId: string, kind: ProfileImageKind, path: string): Promise<StoredProfileImage> {
    const format = sniffImageFormat(await readHead(path));
    if (!format || !PROFILE_IMAGE.formats.has(format)) throw invalid(kind, 'content type is invalid');
    const image = await this.processor.probe(path, format, MEDIA_LIMITS.imageMatrixLimit).catch((error: unknown) => {
      if (error instanceof UnsupportedDimensionsError) throw invalid(kind, error.message);
      if (error instanceof InvalidImageError) throw invalid(kind, 'file could not be processed');
      throw error;
    });
    const box = PROFILE_IMAGE.box[kind];
    const crop = (animated: boolean) =>
      sharp(path, { animated, limitInputPixels: 100_000_000, failOn: 'warning' })
        .autoOrient()
        .resize({ ...box, fit: 'cover', position: 'centre', withoutEnlargement: true });
    const folder = `accounts/${kind}s/${idPartition(BigInt(accountId))}`;
    const name = randomBytes(8).toString('hex');
    // A decoding failure is the file's fault (422); a storage failure is not, and stays as it is.
    const render = (work: Promise<Buffer[]>) => work.catch(() => Promise.reject(invalid(kind, 'file could not be processed')));
    if (image.animated) {
      const [animation, still] = await render(Promise.all([crop(true).gif().toBuffer(), crop(false).png().toBuffer()]));
      const key = `${folder}/original/${name}.gif`;
      const staticKey = `${folder}/static/${name}.png`;
      await Promise.all([this.storage.put(key, animation, { contentType: 'image/gif' }), this.storage.put(staticKey, still, { contentType: 'image/png' })]);
      return { key, staticKey };
    }
    // A still GIF becomes PNG; the other formats keep theirs.
    const output = format === 'gif' ? 'png' : format;
    const [data] = await render(Promise.all([crop(false).toFormat(output as 'png').toBuffer()]));
    const key = `${folder}/original/${name}.${EXTENSION[output]}`;
    await this.storage.put(key, data, { contentType: `image/${output}` });
    return { key, staticKey: null };
  }
}
