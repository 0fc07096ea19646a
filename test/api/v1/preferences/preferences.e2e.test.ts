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
    // The emoji set is instance-wide and other suites add to it on a shared target, so this asserts
    // the shape of whatever is there (the set itself: test/api/v1/custom_emojis.e2e.test.ts).
    it('answers 200 with a list without a token', async () => {
      const response = await api.get<Array<Record<string, unknown>>>('/api/v1/custom_emojis');

      expectJson(response, 200);
      expect(Array.isArray(response.body)).toBe(true);
      for (const emoji of response.body) {
        expect(emoji).toEqual(expect.objectContaining({ shortcode: expect.any(String), url: expect.any(String), static_url: expect.any(String), visible_in_picker: expect.any(Boolean) }));
      }
    });
  });

  describe('GET /api/v1/announcements', () => {
    // Announcements are instance-wide and other suites publish some on a shared target: a new user
    // sees every one of them unread.
    it('answers 200 with a list, all unread to a new user', async () => {
      const response = await api.get<Array<Record<string, unknown>>>('/api/v1/announcements', { token: user.token });

      expectJson(response, 200);
      expect(Array.isArray(response.body)).toBe(true);
      for (const announcement of response.body) {
        expect(announcement).toEqual(expect.objectContaining({ id: expect.any(String), content: expect.any(String), read: false }));
      }
    });

    it('answers 401 without a token', async () => {
      expectInvalidToken(await api.get('/api/v1/announcements'));
    });
  });
});
