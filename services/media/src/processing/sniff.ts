import { open } from 'node:fs/promises';

/** The image formats this server processes (sharp reads each; docs/api/media.md#types-and-detection). */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

const HEIF_BRANDS: Record<string, ImageFormat> = {
  avif: 'avif', avis: 'avif',
  heic: 'heic', heix: 'heic', hevc: 'heic', hevx: 'heic', heim: 'heic', heis: 'heic', mif1: 'heic', msf1: 'heic',
};

/**
 * The image format a file's first bytes announce, or null. Only files that
 * announce one of these formats are handed to sharp: libvips reads many more
 * (SVG, PDF, TIFF...) that an upload must not reach.
 */
export function sniffImageFormat(head: Buffer): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const ascii = head.toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.slice(4, 8) === 'ftyp') return HEIF_BRANDS[ascii.slice(8, 12)] ?? null;
  return null;
}

export async function readHead(filePath: string, bytes = 32): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the client said this file is an image (its part's content type or the file name's extension). */
export function claimsImage(contentType: string | null | undefined, fileName: string | null | undefined): boolean {
  if (contentType && /^image\//i.test(contentType.trim())) return true;
  return /\.(jpe?g|png|gif|webp|avif|heic|heif)$/i.test(fileName ?? '');
}
