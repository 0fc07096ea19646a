// GET /api/v1/preferences, /api/v1/custom_emojis and /api/v1/announcements: the start-up calls Tusky and Ivory
// make at login, where a 404 breaks it (docs/api/client-compatibility.md#startup).
import type { TestUser } from '@social/testkit';
import { expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

describe('start-up endpoints', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('prefs');
  });

  describe('GET /api/v1/preferences', () => {
    it("answers the account's posting defaults and the reading defaults", async () => {
      const response = await api.get('/api/v1/preferences', { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual({
        'posting:default:visibility': 'public',
        'posting:default:sensitive': false,
        'posting:default:language': null,
        'reading:expand:media': 'default',
        'reading:expand:spoilers': false,
      });
    });

    it('answers 401 without a token', async () => {
      expectInvalidToken(await api.get('/api/v1/preferences'));
    });
  });

  describe('GET /api/v1/custom_emojis', () => {
    it('answers 200 [] without a token', async () => {
      const response = await api.get('/api/v1/custom_emojis');

      expectJson(response, 200);
      expect(response.body).toEqual([]);
    });
  });

  describe('GET /api/v1/announcements', () => {
    it('answers 200 [] to a user', async () => {
      const response = await api.get('/api/v1/announcements', { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual([]);
    });

    it('answers 401 without a token', async () => {
      expectInvalidToken(await api.get('/api/v1/announcements'));
    });
  });
});
