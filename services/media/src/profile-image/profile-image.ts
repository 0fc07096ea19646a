import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '@social/errors';
import { MEDIA_LIMITS } from '@social/uploads';
import { ImageProcessor, InvalidImageError, UnsupportedDimensionsError } from '../processing/image-processor.js';
import { readHead, sniffImageFormat, type ImageFormat } from '../processing/sniff.js';
import { idPartition, stagingKey } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';

/** A profile's two images, and a custom emoji's image (docs/api/custom-emojis.md), processed alike. */
export type ProfileImageKind = 'avatar' | 'header' | 'emoji';

/** A staged upload as the profile mutation names it (an `Upload` value). */
export interface ProfileImageUpload {
  upload: string;
  contentType?: string | null;
  fileName?: string | null;
}

/** The stored files: `staticKey` only for an animated GIF (its first frame, as PNG), and always for an emoji. */
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

/** Mastodon's custom emoji images: PNG, GIF or WebP under 256 KB, kept whole within 400x400, with a still PNG always. */
const EMOJI_IMAGE = {
  byteLimit: 256 * 1024,
  formats: new Set<ImageFormat>(['png', 'gif', 'webp']),
  box: { width: 400, height: 400 },
} as const;

const LABEL: Record<ProfileImageKind, string> = { avatar: 'Avatar', header: 'Header', emoji: 'Image' };
const FIELD: Record<ProfileImageKind, string> = { avatar: 'avatar', header: 'header', emoji: 'image' };
const EXTENSION: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

function invalid(kind: ProfileImageKind, problem: string): AppError {
  return AppError.validation([`${LABEL[kind]} ${problem}`], { [FIELD[kind]]: [{ error: 'ERR_INVALID', description: problem }] });
}

/**
 * Avatars and headers: a staged upload checked (size, a format sniffed from
 * its bytes), cropped to Mastodon's box from the centre (never enlarged),
 * metadata dropped, stored under accounts/<kind>s/<id partition>/. An
 * animated GIF stays animated, with a still first frame beside it.
 * A custom emoji's image (`ownerId` the emoji's id) is scaled to fit its box
 * instead of cropped, stored under custom_emojis/images/<id partition>/, with
 * a still PNG always.
 */
export class ProfileImageStore {
  private readonly processor = new ImageProcessor();

  constructor(private readonly storage: MediaStorage) {}

  async store(ownerId: string, kind: ProfileImageKind, file: ProfileImageUpload): Promise<StoredProfileImage> {
    const staged = stagingKey(file.upload);
    const size = staged ? await this.storage.size(staged) : null;
    if (!staged || size === null) throw AppError.badRequest('The upload was not found: stage the file first', ['input', FIELD[kind], 'upload']);
    try {
      if (kind === 'emoji' && size >= EMOJI_IMAGE.byteLimit) throw invalid(kind, `file size must be less than ${EMOJI_IMAGE.byteLimit / 1024} KB`);
      if (size >= PROFILE_IMAGE.byteLimit) throw invalid(kind, `file size must be less than ${PROFILE_IMAGE.byteLimit / 1024 / 1024} MB`);
      return await this.storage.withLocalFile(staged, (path) => this.process(ownerId, kind, path));
    } finally {
      await this.storage.delete([staged]);
    }
  }

  remove(keys: readonly string[]): Promise<void> {
    return this.storage.delete(keys.filter((key) => key.startsWith('accounts/') || key.startsWith('custom_emojis/')));
  }

  private async process(ownerId: string, kind: ProfileImageKind, path: string): Promise<StoredProfileImage> {
    const format = sniffImageFormat(await readHead(path));
    const formats: ReadonlySet<ImageFormat> = kind === 'emoji' ? EMOJI_IMAGE.formats : PROFILE_IMAGE.formats;
    if (!format || !formats.has(format)) throw invalid(kind, 'content type is invalid');
    const image = await this.processor.probe(path, format, MEDIA_LIMITS.imageMatrixLimit).catch((error: unknown) => {
      if (error instanceof UnsupportedDimensionsError) throw invalid(kind, error.message);
      if (error instanceof InvalidImageError) throw invalid(kind, 'file could not be processed');
      throw error;
    });
    const box = kind === 'emoji' ? EMOJI_IMAGE.box : PROFILE_IMAGE.box[kind];
    const crop = (animated: boolean) =>
      sharp(path, { animated, limitInputPixels: 100_000_000, failOn: 'warning' })
        .autoOrient()
        .resize({ ...box, fit: kind === 'emoji' ? 'inside' : 'cover', position: 'centre', withoutEnlargement: true });
    const folder = kind === 'emoji' ? `custom_emojis/images/${idPartition(BigInt(ownerId))}` : `accounts/${kind}s/${idPartition(BigInt(ownerId))}`;
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
    if (kind !== 'emoji') return { key, staticKey: null };
    // An emoji's still image is always a PNG (Mastodon's static style), the original's own bytes when it is one.
    const still = output === 'png' ? data : (await render(Promise.all([crop(false).png().toBuffer()])))[0];
    const staticKey = `${folder}/static/${name}.png`;
    await this.storage.put(staticKey, still, { contentType: 'image/png' });
    return { key, staticKey };
  }
}
