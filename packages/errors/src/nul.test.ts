import { containsNul } from './nul.js';

describe('containsNul', () => {
  it.each([
    ['a string', 'a\u0000b'],
    ['an array item', ['ok', 'x\u0000']],
    ['a nested value', { poll: { options: ['a', '\u0000'] } }],
    ['a key', { 'na\u0000me': 'value' }],
  ])('finds U+0000 in %s', (_where, value) => {
    expect(containsNul(value)).toBe(true);
  });

  it.each([
    ['a plain string', 'plain'],
    ['numbers, booleans and null', { a: 1, b: true, c: null, d: [0, false] }],
    ['an escaped-looking text', '\\u0000 and %00'],
    ['undefined', undefined],
  ])('finds none in %s', (_where, value) => {
    expect(containsNul(value)).toBe(false);
  });
});
