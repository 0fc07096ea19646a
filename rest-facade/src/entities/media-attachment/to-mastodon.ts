// Mastodon's REST::MediaAttachmentSerializer.
interface Dimensions { width: number; height: number; size: string; aspect: number }

export interface GqlMediaAttachment {
  id: string; type: string; url: string | null; previewUrl: string | null; remoteUrl: string | null;
  textUrl: string; description: string | null; blurhash: string | null;
  meta: { focus: { x: number; y: number } | null; original: Dimensions | null; small: Dimensions | null };
}

/** meta carries only the keys that exist: an unknown file has focus alone. */
export function mediaAttachmentToMastodon(media: GqlMediaAttachment) {
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
