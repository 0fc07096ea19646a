import { expectGolden } from '../golden.test-helper.js';
import { markersToMastodon } from './to-mastodon.js';

describe('markersToMastodon', () => {
  it('keys the markers by timeline, ids as strings, timestamps with milliseconds (golden)', () => {
    expectGolden(__dirname, 'markers', markersToMastodon([
      { timeline: 'HOME', lastReadId: '115012345678901200', version: 3, updatedAt: '2026-08-08T11:34:47Z' },
      { timeline: 'NOTIFICATIONS', lastReadId: '3141', version: 0, updatedAt: '2026-08-08T11:35:00.120Z' },
    ]));
  });

  it('answers {} for no markers', () => {
    expect(markersToMastodon([])).toEqual({});
  });
});
