/**
 * Entities of a plain text with their positions, as Mastodon's Extractor
 * finds them (app/lib/extractor.rb over twitter-text): URLs, hashtags and
 * mentions, overlapping ones resolved in favour of the one starting first.
 */

/** URLs need an explicit protocol (config/initializers/twitter_regex.rb). */
const URL_PATTERN = /\b(?:https?|dat|dweb|ipfs|ipns|ssb|gopher|gemini):\/\/[^\s<>"']+[^\s<>"'.,:;!?)\]}]/gu;
const HASHTAG_PATTERN = /(?<=^|[^\p{L}\p{N}_/#])#([\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*)/gu;
/**
 * Account::MENTION_RE: `@user` or `@user@domain`, not after `=`, `/` or a
 * word character ([:word:] is letters, marks, digits and connectors).
 */
const MENTION_PATTERN =
  /(?<![=/\p{L}\p{M}\p{Nd}\p{Pc}])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)(?:@([\p{L}\p{M}\p{Nd}\p{Pc}]+(?:[.-]+[\p{L}\p{M}\p{Nd}\p{Pc}]+)*))?/giu;
/** twitter-text's end_mention_match: a mention followed by another @, a Latin accent or :// is no mention. */
// eslint-disable-next-line no-misleading-character-class -- U+0300-U+036F are combining accents on purpose: one after the mention ends it
const END_MENTION = /^(?:[@\uFF20\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF\u0100-\u024F\u0253\u0254\u0256\u0257\u0259\u025B\u0263\u0268\u026F\u0272\u0289\u028B\u02BB\u0300-\u036F\u1E00-\u1EFF]|:\/\/)/u;

interface Span {
  start: number;
  end: number;
}

export interface UrlEntity extends Span {
  kind: 'url';
  url: string;
}

export interface HashtagEntity extends Span {
  kind: 'hashtag';
  /** As written, without the #. */
  hashtag: string;
}

export interface MentionEntity extends Span {
  kind: 'mention';
  username: string;
  /** The domain as written, if any. */
  domain: string | undefined;
}

export type TextEntity = UrlEntity | HashtagEntity | MentionEntity;

export function extractUrlEntities(text: string): UrlEntity[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => ({ kind: 'url', url: m[0], start: m.index, end: m.index + m[0].length }));
}

export function extractHashtagEntities(text: string): HashtagEntity[] {
  return [...text.matchAll(HASHTAG_PATTERN)].map((m) => ({
    kind: 'hashtag',
    hashtag: m[1],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

export function extractMentionEntities(text: string): MentionEntity[] {
  const mentions: MentionEntity[] = [];
  for (const m of text.matchAll(MENTION_PATTERN)) {
    const end = m.index + m[0].length;
    if (END_MENTION.test(text.slice(end))) continue;
    mentions.push({ kind: 'mention', username: m[1], domain: m[2], start: m.index, end });
  }
  return mentions;
}

/** twitter-text's remove_overlapping_entities: sorted by start, any entity overlapping a kept one is dropped. */
export function removeOverlapping<T extends Span>(entities: T[]): T[] {
  const sorted = [...entities].sort((a, b) => a.start - b.start);
  const kept: T[] = [];
  for (const entity of sorted) {
    const previous = kept[kept.length - 1];
    if (previous && previous.end > entity.start) continue;
    kept.push(entity);
  }
  return kept;
}

/** Every entity of the text, in order, none overlapping (what the formatter links). */
export function extractEntities(text: string): TextEntity[] {
  return removeOverlapping<TextEntity>([...extractUrlEntities(text), ...extractHashtagEntities(text), ...extractMentionEntities(text)]);
}

/** Mentions as they will be linked: those not inside a URL or hashtag, in order of appearance. */
export function extractMentions(text: string): Array<{ username: string; domain: string | undefined }> {
  return extractEntities(text)
    .filter((e): e is MentionEntity => e.kind === 'mention')
    .map(({ username, domain }) => ({ username, domain }));
}

export function extractHashtags(text: string): string[] {
  return [...new Set(extractHashtagEntities(text).map((e) => e.hashtag))];
}

export function extractUrls(text: string): string[] {
  return extractUrlEntities(text).map((e) => e.url);
}

/** Latin letters without a decomposition that the folding still maps to ASCII. */
const UNDECOMPOSED: Record<string, string> = { ð: 'd', đ: 'd', ħ: 'h', ı: 'i', ĸ: 'k', ŀ: 'l', ł: 'l', ŉ: 'n', ŋ: 'n', ø: 'o', ſ: 's', ŧ: 't' };

/** One accented Latin letter (Latin-1 and Latin Extended-A) folded to ASCII; other letters stay. */
function foldLatin(letter: string): string {
  return UNDECOMPOSED[letter] ?? letter.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * The lookup form of a hashtag (Mastodon's normalisation, docs/api/hashtags.md#names):
 * NFKC, lower case, accented Latin letters folded to ASCII (`#Café` is `#cafe`).
 */
export function normalizeHashtag(tag: string): string {
  return tag.normalize('NFKC').toLowerCase().replace(/[\u00c0-\u017f]/g, foldLatin);
}

const HASHTAG_NAME = /^[\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*$/u;

/** Whether a name (without #) is one a status can carry: letters, digits and _, not digits alone. */
export function isHashtagName(name: string): boolean {
  return name.length <= MAX_HASHTAG_LENGTH && HASHTAG_NAME.test(name);
}

/**
 * Longest hashtag a status can carry, in code units: a status has at most
 * 500 characters, and a letter is at most two code units.
 */
export const MAX_HASHTAG_LENGTH = 1_000;

/**
 * The lookup form of a hashtag asked for (a leading # is optional); null when
 * it is longer than any hashtag can be, so it matches none without being
 * normalized.
 */
export function hashtagQuery(query: string): string | null {
  const tag = query.replace(/^#/, '');
  return tag.length > MAX_HASHTAG_LENGTH ? null : normalizeHashtag(tag);
}
