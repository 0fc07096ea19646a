import { codePointCount, countableText, graphemeCount, statusLength } from './length.js';

describe('statusLength', () => {
  it('counts grapheme clusters, not code units', () => {
    expect(statusLength('👍🏽👨‍👩‍👧', '')).toBe(2);
  });

  it('counts every URL as 23 characters and adds the spoiler', () => {
    expect(statusLength('https://example.com/' + 'a'.repeat(100), 'cw')).toBe(25);
  });

  it('counts a short URL as 23 characters too', () => {
    expect(statusLength('http://a.co', '')).toBe(23);
  });

  it('counts the same URL twice as 46', () => {
    expect(statusLength('https://example.com/x https://example.com/x', '')).toBe(47);
  });

  it("counts a remote mention's domain as free", () => {
    expect(statusLength('@alice@a-very-long-domain.example hi', '')).toBe('@alice hi'.length);
  });

  it('counts a URL holding an @ as a URL, not as a mention', () => {
    expect(countableText('https://example.com/@alice@b.example')).toBe('x'.repeat(23));
  });

  it('counts 500 characters as 500', () => {
    expect(statusLength('a'.repeat(500), '')).toBe(500);
  });

  it('with a limit, stops at limit + 1', () => {
    expect(statusLength('a'.repeat(10_000), 'cw', 500)).toBe(501);
  });
});

describe('graphemeCount', () => {
  it.each([
    ['an emoji ZWJ family and a skin tone', '👨‍👩‍👧‍👦👍🏽', 2],
    ['flags, and a lone flag letter', '🇫🇷🇩🇪🇩', 3],
    ['a tag-sequence flag', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 1],
    ['combining marks', 'e\u0301\u0302a\u0300', 2],
    ['CR LF as one, CR and LF alone', '\r\n\r\n\n\r', 4],
    ['Hangul jamo and a syllable', '\u1100\u1161\u11a8각', 2],
  ])('%s', (_name, text, expected) => {
    expect(graphemeCount(text)).toBe(expected);
  });

  it.each([1, 2, 3, 7])('the same counts across window edges (window %i)', (window) => {
    const text = '👨‍👩‍👧‍👦🇫🇷🇩🇪\r\ne\u0301\u0302'.repeat(20);
    expect(graphemeCount(text, Infinity, window)).toBe(20 * 5);
  });

  it('one cluster longer than many windows is one', () => {
    expect(graphemeCount('a' + '\u0301'.repeat(100_000) + 'bc')).toBe(3);
  });

  it('counts 600,000 characters in linear time', () => {
    // A quadratic count takes 100 times as long for 10 times the text; linear, 10 times.
    const time = (length: number): number => {
      const text = 'ab\u0301👍🏽'.repeat(length / 6);
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const started = process.hrtime.bigint();
        expect(graphemeCount(text)).toBe((length / 6) * 3);
        best = Math.min(best, Number(process.hrtime.bigint() - started));
      }
      return best;
    };
    time(6_000);
    expect(time(600_000) / time(60_000)).toBeLessThan(30);
  });

  it('stops early once past the limit', () => {
    const started = Date.now();
    for (let run = 0; run < 100; run++) expect(graphemeCount('a'.repeat(600_000), 500)).toBe(501);
    // 100 counts of 600k characters each would take minutes if each walked the whole text.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('codePointCount', () => {
  it('counts a surrogate pair as one, a lone surrogate as one', () => {
    expect(codePointCount('a👍🏽\ud83d')).toBe(4);
  });

  it('stops at limit + 1', () => {
    expect(codePointCount('x'.repeat(1_000), 72)).toBe(73);
  });
});
