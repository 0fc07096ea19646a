import { encode } from 'blurhash';
import sharp, { type Sharp } from 'sharp';
import { PROCESSING } from '../config.js';
import type { ImageFormat } from './sniff.js';

/** The file is not what it claims, or cannot be decoded. */
export class InvalidImageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidImageError';
  }
}

/** An image too large in pixels; the message is Mastodon's ("7681x4321 images are not supported"). */
export class UnsupportedDimensionsError extends Error {}

export interface Dimensions {
  width: number;
  height: number;
  size: string;
  aspect: number;
}

export interface ProbedImage {
  format: ImageFormat;
  /** As displayed: EXIF orientation applied. */
  width: number;
  height: number;
  animated: boolean;
}

export interface Rendition {
  data: Buffer;
  extension: string;
  contentType: string;
  dimensions: Dimensions;
}

interface OutputFormat {
  extension: string;
  contentType: string;
  apply(pipeline: Sharp): Sharp;
}

const JPEG: OutputFormat = { extension: 'jpg', contentType: 'image/jpeg', apply: (p) => p.jpeg({ quality: PROCESSING.jpegQuality }) };
const PNG: OutputFormat = { extension: 'png', contentType: 'image/png', apply: (p) => p.png() };
const WEBP: OutputFormat = { extension: 'webp', contentType: 'image/webp', apply: (p) => p.webp({ quality: PROCESSING.jpegQuality }) };
const GIF: OutputFormat = { extension: 'gif', contentType: 'image/gif', apply: (p) => p.gif() };

/** Originals keep their format; HEIC and AVIF become JPEG, as Mastodon converts them. */
const ORIGINAL_FORMAT: Record<ImageFormat, OutputFormat> = { jpeg: JPEG, png: PNG, webp: WEBP, gif: GIF, avif: JPEG, heic: JPEG };
/** Previews are still images: an animated GIF's is its first frame as PNG. */
const PREVIEW_FORMAT: Record<ImageFormat, OutputFormat> = { jpeg: JPEG, png: PNG, webp: WEBP, gif: PNG, avif: JPEG, heic: JPEG };

/** Mastodon's meta entry for one version. */
function dimensions(width: number, height: number): Dimensions {
  return { width, height, size: `${width}x${height}`, aspect: width / height };
}

/** The largest size of this aspect within `pixels` (never larger than the image itself). */
export function fitArea(width: number, height: number, pixels: number): { width: number; height: number } {
  if (width * height <= pixels) return { width, height };
  const aspect = width / height;
  return { width: Math.max(1, Math.round(Math.sqrt(pixels * aspect))), height: Math.max(1, Math.round(Math.sqrt(pixels / aspect))) };
}

/**
 * Images with sharp: EXIF orientation applied, every metadata block (EXIF
 * with GPS, XMP, ICC, comments) left out of the output, since sharp writes
 * none unless asked.
 */
export class ImageProcessor {
  /** Reads the header only: format, displayed size, frames. Throws for a file sharp cannot read. */
  async probe(filePath: string, format: ImageFormat, matrixLimit: number): Promise<ProbedImage> {
    const meta = await this.open(filePath, { animated: true })
      .metadata()
      .catch((cause: unknown) => {
        throw new InvalidImageError('unreadable image', { cause });
      });
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new InvalidImageError('image without dimensions');
    const frames = meta.pages ?? 1;
    const pageHeight = frames > 1 ? (meta.pageHeight ?? height) : height;
    if (width * pageHeight > matrixLimit) throw new UnsupportedDimensionsError(`${width}x${pageHeight} images are not supported`);
    const animated = format === 'gif' && frames > 1;
    if (animated && width * pageHeight > PROCESSING.animatedGifMatrixLimit) {
      throw new UnsupportedDimensionsError(`${width}x${pageHeight} GIF files are not supported`);
    }
    return { format, width, height: pageHeight, animated };
  }

  /** The small preview: the whole picture within Mastodon's preview area, never cropped. */
  async preview(filePath: string, image: ProbedImage): Promise<Rendition> {
    const target = fitArea(image.width, image.height, PROCESSING.previewPixels);
    return this.render(filePath, PREVIEW_FORMAT[image.format], target, false);
  }

  /** The original, re-encoded within Mastodon's size bounds (animation kept). */
  async original(filePath: string, image: ProbedImage): Promise<Rendition> {
    const target = fitArea(image.width, image.height, PROCESSING.originalPixels);
    return this.render(filePath, ORIGINAL_FORMAT[image.format], target, image.animated);
  }

  /**
   * Blurhash with Mastodon's 4x4 components, from a thumbnail 100 px wide of
   * the preview (as Mastodon takes it from the small style): decoding the
   * preview again costs far less than decoding the original a second time.
   */
  async blurhash(preview: Buffer): Promise<string> {
    const { data, info } = await sharp(preview, { failOn: 'warning' })
      .resize({ width: PROCESSING.blurhashWidth, withoutEnlargement: true })
      .removeAlpha()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch((cause: unknown) => {
        throw new InvalidImageError('undecodable image', { cause });
      });
    const { x, y } = PROCESSING.blurhashComponents;
    return encode(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, x, y);
  }

  private async render(filePath: string, format: OutputFormat, target: { width: number; height: number }, animated: boolean): Promise<Rendition> {
    const pipeline = this.open(filePath, { animated })
      .autoOrient()
      .resize({ width: target.width, height: animated ? undefined : target.height, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await format
      .apply(pipeline)
      .toBuffer({ resolveWithObject: true })
      .catch((cause: unknown) => {
        throw new InvalidImageError('undecodable image', { cause });
      });
    const height = animated && info.pageHeight ? info.pageHeight : info.height;
    return { data, extension: format.extension, contentType: format.contentType, dimensions: dimensions(info.width, height) };
  }

  private open(filePath: string, options: { animated?: boolean } = {}): Sharp {
    // Decompression bombs are refused by the matrix check before any decode; this is a second net.
    return sharp(filePath, { animated: options.animated ?? false, limitInputPixels: 100_000_000, failOn: 'warning' });
  }
}
