import { codePointCount, graphemeCount, statusLength } from './length.js';

/**
 * Code units a grapheme-counted field may hold per character of its limit.
 * A character is usually one or two code units; the longest emoji sequences
 * are about 15, and a URL counted as 23 characters may be thousands long.
 * Anything longer is refused on its length alone, before any walk over it.
 */
export const CODE_UNITS_PER_CHARACTER = 100;

/** The cheap ceiling of a field limited to `limit` grapheme clusters. */
export function codeUnitCeiling(limit: number): number {
  return limit * CODE_UNITS_PER_CHARACTER;
}

/** More than `limit` grapheme clusters (poll options); refused on length alone past the ceiling. */
export function exceedsGraphemes(text: string, limit: number): boolean {
  return text.length > codeUnitCeiling(limit) || graphemeCount(text, limit) > limit;
}

/** More than `limit` code points (Rails' length validations); walks at most limit + 1 of them. */
export function exceedsCodePoints(text: string, limit: number): boolean {
  return text.length > limit && codePointCount(text, limit) > limit;
}

/**
 * A status over its character limit as Mastodon counts it (URLs 23, remote
 * mention domains free, spoiler included); text and spoiler together past
 * the ceiling are refused before URLs and mentions are looked for.
 */
export function statusExceeds(text: string, spoilerText: string, limit: number): boolean {
  return text.length + spoilerText.length > codeUnitCeiling(limit) || statusLength(text, spoilerText, limit) > limit;
}
