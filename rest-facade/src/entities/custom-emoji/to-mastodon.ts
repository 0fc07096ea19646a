// Mastodon's REST::CustomEmojiSerializer (docs/api/custom-emojis.md).
import type { CustomEmojiFieldsFragment } from '../../gql/operations.js';

/** An emoji as accounts and statuses embed it: no category, as Mastodon does not load it there. */
export function customEmojiToMastodon(emoji: CustomEmojiFieldsFragment) {
  return { shortcode: emoji.shortcode, url: emoji.url, static_url: emoji.staticUrl, visible_in_picker: emoji.visibleInPicker };
}

/** An emoji of GET /api/v1/custom_emojis: with its picker category (null for none). */
export function listedCustomEmojiToMastodon(emoji: CustomEmojiFieldsFragment & { category: string | null }) {
  return { ...customEmojiToMastodon(emoji), category: emoji.category };
}
