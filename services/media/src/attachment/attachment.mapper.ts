import type { MediaStorage } from '../storage/media-storage.js';
import type { AttachmentRecord } from './attachment.data.js';
import { MediaType, ProcessingState, type MediaAttachment, type MediaMeta } from './attachment.type.js';

/** Database row -> GraphQL MediaAttachment; file URLs come from the storage that holds the files. */
export function toMediaAttachment(record: AttachmentRecord, storage: Pick<MediaStorage, 'url'>): MediaAttachment {
  const fileUrl = (key: string | null) => (key ? storage.url(key) : null);
  const meta = (record.meta ?? {}) as Partial<MediaMeta>;
  const ready = record.processing === 'done';
  return {
    id: record.id.toString(),
    type: record.type as MediaType,
    processing: record.processing as ProcessingState,
    url: ready ? fileUrl(record.fileKey) : null,
    previewUrl: fileUrl(record.thumbnailKey ?? record.previewKey),
    remoteUrl: null,
    textUrl: null,
    meta: { focus: meta.focus ?? null, original: meta.original ?? null, small: meta.small ?? null },
    description: record.description,
    blurhash: record.blurhash,
  };
}
