import { parseScheduledAt } from './scheduled-status.service';

describe('parseScheduledAt', () => {
  it.each([
    ['2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T11:00:00+01:00', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T10:00:00', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22 10:00', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22', '2026-11-22T00:00:00.000Z'],
  ])('reads %s as %s (UTC without a zone)', (text, expected) => {
    expect(parseScheduledAt(text)?.toISOString()).toBe(expected);
  });

  it.each(['', '   ', 'tomorrow-ish', '2026-13-45T99:00:00Z'])('is null for %j', (text) => {
    expect(parseScheduledAt(text)).toBeNull();
  });
});
