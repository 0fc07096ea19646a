import { randomBytes } from 'node:crypto';

/** Uploads waiting to be claimed by an upload mutation; never served. */
export const STAGING_PREFIX = 'uploads';
const UPLOAD_ID = /^[a-f0-9]{32}$/;

/** Mastodon's id partition: 115012345678901234 -> 115/012/345/678/901/234. */
export function idPartition(id: bigint): string {
  const digits = id.toString();
  const padded = digits.padStart(Math.max(9, Math.ceil(digits.length / 3) * 3), '0');
  return (padded.match(/.{3}/g) as string[]).join('/');
}

export function mediaFileKey(id: bigint, style: 'original' | 'small', name: string, extension: string): string {
  return `media_attachments/files/${idPartition(id)}/${style}/${name}.${extension}`;
}

export function thumbnailKey(id: bigint, name: string, extension: string): string {
  return `media_attachments/thumbnails/${idPartition(id)}/original/${name}.${extension}`;
}

export function newUploadId(): string {
  return randomBytes(16).toString('hex');
}

/** The staging key of an upload id, or null for anything that is not one (no path can be smuggled in). */
export function stagingKey(uploadId: string): string | null {
  return UPLOAD_ID.test(uploadId) ? `${STAGING_PREFIX}/${uploadId}` : null;
}

export function isStagingKey(key: string | null): boolean {
  return key !== null && key.startsWith(`${STAGING_PREFIX}/`);
}

/** An extension for a file kept as uploaded (type unknown): the client's, when plain, else bin. */
export function plainExtension(fileName: string | null | undefined): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(fileName ?? '');
  return match ? match[1].toLowerCase() : 'bin';
}
