import { expectGolden } from '../golden.test-helper.js';
import { statusSourceToMastodon } from './to-mastodon.js';

describe('statusSourceToMastodon', () => {
  it('maps the source text and content warning as typed', () => {
    expectGolden(__dirname, 'source', statusSourceToMastodon({ id: '115012345678901200', text: '@bob Tea & #biscuits', spoilerText: 'snacks' }));
  });
});
