import { extractHashtags, extractMentions, isHashtagName, normalizeHashtag } from './extract.js';

describe('extractMentions', () => {
  it('finds local and remote mentions in order of appearance', () => {
    expect(extractMentions('@alice hello @bob@example.com.')).toEqual([
      { username: 'alice', domain: undefined },
      { username: 'bob', domain: 'example.com' },
    ]);
  });

  it('ignores an @ inside a word, after = or /, and e-mail addresses', () => {
    expect(extractMentions('mail me at me@alice.example, a=@b, x/@c')).toEqual([]);
  });

  it('keeps dots and dashes inside a username but not at its end', () => {
    expect(extractMentions('cc @jo.ann-lee. and @bob_')).toEqual([
      { username: 'jo.ann-lee', domain: undefined },
      { username: 'bob_', domain: undefined },
    ]);
  });

  it('skips a mention followed by :// (twitter-text end_mention_match)', () => {
    expect(extractMentions('@alice://x')).toEqual([]);
  });

  it('skips mentions inside URLs', () => {
    expect(extractMentions('https://social.example/@alice')).toEqual([]);
  });
});

describe('extractHashtags', () => {
  it('finds each hashtag once, as written', () => {
    expect(extractHashtags('#One #two #One')).toEqual(['One', 'two']);
  });
});

describe('normalizeHashtag', () => {
  it('lower-cases and folds accented Latin letters to ASCII, as Mastodon does', () => {
    expect(normalizeHashtag('Café')).toBe('cafe');
    expect(normalizeHashtag('ÅngströmŁódź')).toBe('angstromlodz');
    expect(normalizeHashtag('ＦＵＬＬwidth')).toBe('fullwidth');
  });

  it('leaves other scripts alone', () => {
    expect(normalizeHashtag('Ёлка')).toBe('ёлка');
    expect(normalizeHashtag('日本語')).toBe('日本語');
  });
});

describe('isHashtagName', () => {
  it('accepts letters, digits and _ with at least one letter or _', () => {
    for (const name of ['cats', 'top10', '_', '日本語', 'café']) expect(isHashtagName(name)).toBe(true);
  });

  it('refuses digits alone, other characters, the empty name and one too long', () => {
    for (const name of ['2024', 'foo-bar', 'a b', '', 'a'.repeat(1001)]) expect(isHashtagName(name)).toBe(false);
  });
});
