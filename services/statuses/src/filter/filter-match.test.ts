import { keywordPattern, matchingKeywords } from './filter-match.js';

describe('keyword matching', () => {
  it('is case-insensitive', () => {
    expect(keywordPattern('Spoiler', false).test('big SPOILERS ahead')).toBe(true);
  });

  it('matches whole words only when asked', () => {
    expect(keywordPattern('cat', true).test('a category')).toBe(false);
    expect(keywordPattern('cat', true).test('a cat.')).toBe(true);
    expect(keywordPattern('cat', false).test('a category')).toBe(true);
    expect(keywordPattern('café', true).test('le cafés')).toBe(false);
    expect(keywordPattern('café', true).test('un café!')).toBe(true);
  });

  it('puts no boundary at an end that is not a word character', () => {
    expect(keywordPattern('#tag', true).test('x#tag y')).toBe(true);
    expect(keywordPattern('a.b', true).test('xa.b')).toBe(false);
  });

  it('answers the keywords found in any text', () => {
    const keywords = ['one', 'two', 'three'].map((keyword) => ({ keyword, pattern: keywordPattern(keyword, true) }));
    expect(matchingKeywords(keywords, ['Three things', 'and one'])).toEqual(['one', 'three']);
  });
});
