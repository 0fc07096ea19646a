import { expectGolden } from '../golden.test-helper.js';
import { featuredTagToMastodon } from './to-mastodon.js';

describe('featuredTagToMastodon', () => {
  it('maps a featured tag with its count and the day of its last status (golden)', () => {
    expectGolden(
      __dirname,
      'featured-tag',
      featuredTagToMastodon({ id: '113', name: 'CatUrday', url: 'https://example.test/@alice/tagged/caturday', statusesCount: 4, lastStatusAt: '2026-11-24T18:30:00.000Z' }),
    );
  });

  it('maps one never used: no last status (golden)', () => {
    expectGolden(__dirname, 'featured-tag-unused', featuredTagToMastodon({ id: '114', name: 'news', url: 'https://example.test/@alice/tagged/news', statusesCount: 0, lastStatusAt: null }));
  });
});
