import { extractMentionEntities, extractUrlEntities, removeOverlapping } from './extract.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
export const URL_PLACEHOLDER_LENGTH = 23;
const URL_PLACEHOLDER = 'x'.repeat(URL_PLACEHOLDER_LENGTH);

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
 * with the countable text (so a cluster may span the two, as in Ruby).
 */
export function statusLength(text: string, spoilerText: string): number {
  return graphemeCount(spoilerText + countableText(text));
}

export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}
