// Mastodon's REST::MediaAttachmentSerializer.
import type { MediaAttachmentFieldsFragment } from '../../gql/operations.js';

/** The old name, for code merged from before the generated types. @deprecated Use MediaAttachmentFieldsFragment. @public */
export type GqlMediaAttachment = MediaAttachmentFieldsFragment;

/** meta carries only the keys that exist: an unknown file has focus alone. */
export function mediaAttachmentToMastodon(media: MediaAttachmentFieldsFragment) {
  const meta: Record<string, unknown> = {};
  if (media.meta.original) meta.original = media.meta.original;
  if (media.meta.small) meta.small = media.meta.small;
  meta.focus = media.meta.focus ?? { x: 0, y: 0 };
  return {
    id: media.id,
    type: media.type.toLowerCase(),
    url: media.url,
    preview_url: media.previewUrl,
    remote_url: media.remoteUrl,
    preview_remote_url: null,
    text_url: media.textUrl,
    meta,
    description: media.description,
    blurhash: media.blurhash,
  };
}
