/**
 * Mastodon's upload limits (docs/api/media.md#limits), owned by the media
 * subgraph (which enforces them and publishes them in `instance.mediaLimits`)
 * and read from here by every process that receives files before it: the
 * REST facade and the gateway refuse an oversized part while reading it.
 */
export const MEDIA_LIMITS = {
  imageSizeLimit: 16 * 1024 * 1024,
  videoSizeLimit: 99 * 1024 * 1024,
  imageMatrixLimit: 33_177_600,
  descriptionLimit: 10_000,
  supportedMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/heic', 'image/heif', 'image/webp', 'image/avif'],
} as const;

/** The bytes a media file may have, by the content type the client gave it: images are smaller, anything else may be a video. */
export function mediaFileBytes(contentType: string): number {
  return /^image\//i.test(contentType) ? MEDIA_LIMITS.imageSizeLimit : MEDIA_LIMITS.videoSizeLimit;
}

/** A custom preview is an image. */
export function thumbnailBytes(): number {
  return MEDIA_LIMITS.imageSizeLimit;
}

/** The size refusal, in Mastodon's words ("File file size must be less than 16 MB"). */
export function tooLargeMessage(label: 'File' | 'Thumbnail', bytes: number): string {
  return `${label} file size must be less than ${bytes / 1024 / 1024} MB`;
}
