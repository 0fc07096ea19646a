// Property-based: the windowed grapheme count equals Intl.Segmenter's count of the whole
// string, for any text, wherever the window edges fall (small windows put many edges
// inside emoji sequences, flag pairs, CR LF and runs of combining marks).
import fc from 'fast-check';
import { graphemeCount } from './length.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const reference = (text: string): number => [...segmenter.segment(text)].length;

/** Pieces whose clusters span several code points, and what glues or splits them. */
const TRICKY = [
  '\r\n', '\r', '\n', '\u0000', 'e\u0301', '\u0301', '\u0301\u0302\u0303', '\u200d', '\ufe0f',
  '👍🏽', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇫🇷', '🇩', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '❤️', '#️⃣',
  '\u1100\u1161\u11a8', '\u1100', '\u1161', '각', // Hangul jamo L V T, a syllable
  'क्ष', 'क्\u200dष', '\u094d', 'ि', // Devanagari conjunct, virama, a spacing mark
  '\u0600', '\ud83d', '\ude00', // a prepended mark; lone surrogates
  'a', ' ', 'é',
];

const trickyText = fc.array(fc.constantFrom(...TRICKY), { maxLength: 80 }).map((parts) => parts.join(''));
const anyText = fc.oneof(
  trickyText,
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
);

describe('graphemeCount', () => {
  it("equals Intl.Segmenter's count of the whole text, for any window size", () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 40 }), (text, window) => {
        expect(graphemeCount(text, Infinity, window)).toBe(reference(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('with a limit: the count when within it, else limit + 1', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 40 }), (text, limit, window) => {
        expect(graphemeCount(text, limit, window)).toBe(Math.min(reference(text), limit + 1));
      }),
      { numRuns: 2000 },
    );
  });
});
