import { expectGolden } from '../golden.test-helper.js';
import type { TokenFieldsFragment } from '../../gql/operations.js';
import { tokenToMastodon } from './to-mastodon.js';

/** A token as the gateway returns it (TokenFields). */
const token: TokenFieldsFragment = {
  accessToken: 'ZA-Yj3aBD8U8Cm7lKUp-lm9O9BmDgdhHzDeqsY8tlL0',
  tokenType: 'Bearer',
  scope: 'read write follow push',
  createdAt: '2026-08-08T11:34:47.996Z',
};

describe('Token entity mapper', () => {
  describe('for a new token', () => {
    const json = tokenToMastodon(token);

    it('renders golden/token.json', () => {
      expectGolden(__dirname, 'token', json);
    });

    it('gives created_at as whole Unix seconds, rounded down', () => {
      expect(json.created_at).toBe(1786188887);
      expect(Number.isInteger(json.created_at)).toBe(true);
    });

    it('omits expires_in and refresh_token', () => {
      expect(json).not.toHaveProperty('expires_in');
      expect(json).not.toHaveProperty('refresh_token');
    });
  });
});
