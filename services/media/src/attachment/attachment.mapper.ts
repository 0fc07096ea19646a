import type { AttachmentLinks } from './attachment-links.js';
import type { AttachmentRecord } from './attachment.data.js';
import { MediaType, ProcessingState, type MediaAttachment, type MediaMeta } from './attachment.type.js';

/** Database row -> GraphQL MediaAttachment, with the URLs of its files and of its short link. */
export function toMediaAttachment(record: AttachmentRecord, links: AttachmentLinks): MediaAttachment {
  const meta = (record.meta ?? {}) as Partial<MediaMeta>;
  const ready = record.processing === 'done';
  return {
    id: record.id.toString(),
    type: record.type as MediaType,
    processing: record.processing as ProcessingState,
    url: ready ? links.file(record.fileKey) : null,
    previewUrl: links.file(record.thumbnailKey ?? record.previewKey),
    remoteUrl: null,
    textUrl: links.shortLink(record.shortcode),
    meta: { focus: meta.focus ?? null, original: meta.original ?? null, small: meta.small ?? null },
    description: record.description,
    blurhash: record.blurhash,
  };
}
