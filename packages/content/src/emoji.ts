/**
 * Custom emoji shortcodes (docs/api/custom-emojis.md): letters, digits and
 * underscores, at least 2, as Mastodon's CustomEmoji::SHORTCODE_RE_FRAGMENT.
 */
export const SHORTCODE = /^[a-zA-Z0-9_]{2,}$/;

/** Longest shortcode kept, so a scan of a long text stays bounded. */
export const SHORTCODE_MAX_LENGTH = 64;

// Mastodon's CustomEmoji::SCAN_RE: `:code:` neither preceded nor followed by a letter, digit or colon.
const SCAN = /(?<![\p{L}\p{N}:]):([a-zA-Z0-9_]{2,}):(?![\p{L}\p{N}:])/gu;

/** The distinct shortcodes written as `:shortcode:` in these texts, in order of first appearance. */
export function emojiShortcodes(...texts: ReadonlyArray<string | null | undefined>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text || !text.includes(':')) continue;
    for (const match of text.matchAll(SCAN)) if (match[1].length <= SHORTCODE_MAX_LENGTH) found.add(match[1]);
  }
  return [...found];
}
