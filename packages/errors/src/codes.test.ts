import { errorCodeOf } from './codes.js';

describe('errorCodeOf', () => {
  it('reads a string code, and answers an empty one for anything else', () => {
    expect(errorCodeOf({ extensions: { code: 'NOT_FOUND' } })).toBe('NOT_FOUND');
    expect([errorCodeOf({ extensions: { code: 42 } }), errorCodeOf({ extensions: {} }), errorCodeOf({}), errorCodeOf(undefined), errorCodeOf(null)]).toEqual(['', '', '', '', '']);
  });
});
