// GET /api/v2/filters, /api/v1/filters:
// start-up lists of features this server does not have yet answer 200 [] (never 404), with Mastodon's
// scopes (docs/api/timelines.md#empty-lists; the scope table test checks 401 and 403 for each).
import type { TestUser } from '@social/testkit';
import { expectInvalidToken, expectJson } from '../../support/expectations';
import { api, rig } from '../../support/server';

const PATHS = ['/api/v2/filters', '/api/v1/filters'];

describe('start-up lists of features not built yet', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('notyet');
  });

  describe.each(PATHS.map((path) => [path]))('GET %s', (path) => {
    it('answers 200 [] without a Link header', async () => {
      const response = await api.get(path, { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });

    it('answers 401 The access token is invalid without a token', async () => {
      expectInvalidToken(await api.get(path));
    });
  });
});
