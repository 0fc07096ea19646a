import { excludes } from './safety-rules.js';

describe('excludes', () => {
  const view = { blocking: new Set(['1']), blockedBy: new Set(['2']), muting: new Set(['3']) };

  it.each([
    ['an account the viewer blocks', '1', true],
    ['an account blocking the viewer', '2', true],
    ['an account the viewer mutes', '3', true],
    ['any other account', '4', false],
  ])('%s: %s', (_what, accountId, expected) => {
    expect(excludes(view, accountId)).toBe(expected);
  });
});
