import { countableText, statusLength } from './length.js';

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
});
