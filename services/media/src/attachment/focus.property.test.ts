// Property-based: any focus string is either a point within -1.0..1.0 on both axes or
// Mastodon's 422 (an AppError), never another exception or a point out of range.
import fc from 'fast-check';
import { AppError } from '@social/errors';
import { parseFocus } from './attachment.service.js';

const focusText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.tuple(fc.double({ noNaN: false }), fc.double()).map(([x, y]) => `${x},${y}`),
  fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })).map(([x, y]) => `${x},${y}`),
  fc.constantFrom('', ',', '0,0,0', '1e0,1', '-0,+0', '.5,-.5', 'NaN,0', 'Infinity,0', '0x1,0', ' 0.1 , 0.2 ', '1,', ',1'),
);

describe('parseFocus on any input', () => {
  it('answers a point in range or a validation error', () => {
    fc.assert(
      fc.property(focusText, (text) => {
        try {
          const { x, y } = parseFocus(text);
          return Number.isFinite(x) && Number.isFinite(y) && x >= -1 && x <= 1 && y >= -1 && y <= 1;
        } catch (error) {
          return error instanceof AppError;
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('reads every in-range pair back', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true }), fc.double({ min: -1, max: 1, noNaN: true }), (x, y) => {
        // Written as JavaScript prints them, exponents included (1e-7): clients send decimals, so only those must round-trip.
        const text = `${x.toFixed(6)},${y.toFixed(6)}`;
        const point = parseFocus(text);
        return point.x === Number(x.toFixed(6)) && point.y === Number(y.toFixed(6));
      }),
      { numRuns: 1000 },
    );
  });
});
