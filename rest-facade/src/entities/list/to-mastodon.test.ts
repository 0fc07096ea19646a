import { expectGolden } from '../golden.test-helper.js';
import { listToMastodon } from './to-mastodon.js';

describe('listToMastodon', () => {
  it('maps a list with the replies policy in lower case (golden)', () => {
    expectGolden(__dirname, 'list', listToMastodon({ id: '12', title: 'Tea party', repliesPolicy: 'FOLLOWED', exclusive: true }));
  });
});
