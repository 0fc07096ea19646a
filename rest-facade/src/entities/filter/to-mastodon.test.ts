import { expectGolden } from '../golden.test-helper.js';
import { filterResultToMastodon, filterToMastodon, v1FilterToMastodon } from './to-mastodon.js';
import type { FilterFieldsFragment } from '../../gql/operations.js';

const filter: FilterFieldsFragment = {
  id: '7',
  title: 'Spoilers',
  context: ['home', 'public'],
  expiresAt: '2026-12-01T10:00:00.000Z',
  filterAction: 'warn',
  keywords: [{ id: '11', keyword: 'finale', wholeWord: true }],
  statuses: [{ id: '3', statusId: '109876543210' }],
};

describe('filter mappers', () => {
  it('maps a v2 filter with its keywords and statuses (golden)', () => {
    expectGolden(__dirname, 'filter', filterToMastodon(filter));
  });

  it('maps a filter result (golden)', () => {
    expectGolden(__dirname, 'filter-result', filterResultToMastodon({ filter: { ...filter, expiresAt: null }, keywordMatches: ['finale'], statusMatches: null }));
  });

  it('maps a keyword as a v1 filter, hide as irreversible (golden)', () => {
    expectGolden(__dirname, 'v1-filter', v1FilterToMastodon({ ...filter, filterAction: 'hide' }, filter.keywords[0]));
  });
});
