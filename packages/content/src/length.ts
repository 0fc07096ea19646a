import { extractMentionEntities, extractUrlEntities, removeOverlapping } from './extract.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
export const URL_PLACEHOLDER_LENGTH = 23;
const URL_PLACEHOLDER = 'x'.repeat(URL_PLACEHOLDER_LENGTH);

/**
 * Code units handed to Intl.Segmenter at once. V8 copies the whole input for
 * every segment it yields, so one pass over a string of n code units costs
 * n² (a 100k-character poll option exhausted the heap); windows this small
 * keep a pass linear: 600,000 characters in about 0.2-0.45 s on Node 20, where
 * 128 and 256 measured fastest of 64 to 1,000. (unicode-segmenter counts them
 * in 3 ms, but is a second implementation of the Unicode rules to keep in step
 * with Node's; with the limits every caller passes, a count never reads more
 * than a few hundred clusters.)
 */
export const GRAPHEME_WINDOW = 256;

/**
 * The text Mastodon counts (StatusLengthValidator#countable_text): every URL
 * it would link becomes 23 characters, every mention `@user@domain` becomes
 * `@user`; overlapping entities are resolved first, as the formatter does.
 */
export function countableText(text: string): string {
  const entities = removeOverlapping([...extractUrlEntities(text), ...extractMentionEntities(text)]);
  let result = '';
  let cursor = 0;
  for (const entity of entities) {
    result += text.slice(cursor, entity.start) + (entity.kind === 'url' ? URL_PLACEHOLDER : `@${entity.username}`);
    cursor = entity.end;
  }
  return result + text.slice(cursor);
}

/**
 * Length as Mastodon counts it: grapheme clusters of the spoiler text joined
 * with the countable text (so a cluster may span the two, as in Ruby). With a
 * limit, counting stops at limit + 1: enough to tell it is too long.
 */
export function statusLength(text: string, spoilerText: string, limit = Infinity): number {
  return graphemeCount(spoilerText + countableText(text), limit);
}

/**
 * Grapheme clusters of the text, as Intl.Segmenter counts them, in time
 * linear in its length; with a limit, it stops once past it (at limit + 1).
 *
 * The text is segmented window by window. A window always starts on a
 * cluster boundary, and segmentation restarted on a boundary finds the same
 * boundaries after it: the rules that look back (emoji ZWJ sequences, Indic
 * conjuncts) look back only inside one cluster, and a boundary inside a run
 * of flag letters always has an even number of them before it. Only
 * the window's last cluster may be cut short by the window's end, so it is
 * left for the next window; a cluster longer than a window gets windows
 * twice as large until it ends inside one, and only that cluster is taken
 * from them.
 */
export function graphemeCount(text: string, limit = Infinity, window = GRAPHEME_WINDOW): number {
  let count = 0;
  let start = 0;
  let width = window;
  while (start < text.length) {
    let end = Math.min(text.length, start + width);
    // Never between the two halves of a surrogate pair: each half alone would be a cluster.
    if (isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end++;
    const atTextEnd = end === text.length;
    let next = start;
    for (const { index, segment } of segmenter.segment(text.slice(start, end))) {
      const clusterEnd = start + index + segment.length;
      if (clusterEnd === end && !atTextEnd) break;
      count++;
      next = clusterEnd;
      if (count > limit) return count;
      if (width > window) break;
    }
    if (next === start) {
      width *= 2;
    } else {
      start = next;
      width = window;
    }
  }
  return count;
}

/**
 * Code points of the text (Ruby's String#length, which Rails' length
 * validations count), without building an array; stops once past the limit.
 */
export function codePointCount(text: string, limit = Infinity): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    // A high surrogate followed by a low one is one code point.
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
    if (count > limit) return count;
  }
  return count;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** NaN (past the end) is none. */
function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
