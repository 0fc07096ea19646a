/** Keyword matching as Mastodon does it (docs/api/filters.md#matching): case-insensitive, whole words by word boundaries. */

const WORD_CHAR = /^[\p{L}\p{N}_]$/u;

/** The keyword as a pattern: escaped; whole-word boundaries only at ends that are word characters. */
export function keywordPattern(keyword: string, wholeWord: boolean): RegExp {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  if (!wholeWord) return new RegExp(escaped, 'iu');
  const chars = [...keyword];
  const start = chars.length > 0 && WORD_CHAR.test(chars[0]) ? '(?<![\\p{L}\\p{N}_])' : '';
  const end = chars.length > 0 && WORD_CHAR.test(chars[chars.length - 1]) ? '(?![\\p{L}\\p{N}_])' : '';
  return new RegExp(`${start}${escaped}${end}`, 'iu');
}

/** Of the keywords, those found in any of the texts, in their order. */
export function matchingKeywords(keywords: ReadonlyArray<{ keyword: string; pattern: RegExp }>, texts: readonly string[]): string[] {
  return keywords.filter((k) => texts.some((text) => k.pattern.test(text))).map((k) => k.keyword);
}
