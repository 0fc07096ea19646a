// GET /api/v2/instance and GET /api/v1/instance: what clients read at start-up.
// docs/api/client-compatibility.md#startup; docs/api/versions.md.
import { expectJson } from '../support/expectations';
import { api, baseUrl, rig } from '../support/server';

/** Mastodon's streaming URL is the web host with a WebSocket scheme. */
const STREAMING_URL = baseUrl.replace(/^http/, 'ws');
/** `4.2.0`, or a compatible string such as `4.2.0 (compatible; ours 0.1.0)`: clients parse the leading version. */
const MASTODON_VERSION = /^4\.\d+\.\d+/;

const STATUS_LIMITS = { max_characters: 500, max_media_attachments: 4, characters_reserved_per_url: 23 };
const POLL_LIMITS = { max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2629746 };
const MEDIA_LIMITS = {
  supported_mime_types: expect.arrayContaining(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  description_limit: 10000,
  image_size_limit: 16777216,
  image_matrix_limit: 33177600,
  video_size_limit: 103809024,
  video_frame_rate_limit: 120,
  video_matrix_limit: 8294400,
};

describe('GET /api/v2/instance', () => {
  describe('anonymously', () => {
    it('answers 200 with the server, its streaming URL and its limits', async () => {
      const response = await api.get('/api/v2/instance');

      expectJson(response, 200);
      expect(response.body).toMatchObject({
        domain: new URL(baseUrl).host,
        title: expect.any(String),
        version: expect.stringMatching(MASTODON_VERSION),
        source_url: expect.any(String),
        description: expect.any(String),
        usage: { users: { active_month: expect.any(Number) } },
        thumbnail: { url: expect.any(String) },
        languages: expect.any(Array),
        configuration: {
          urls: { streaming: STREAMING_URL },
          vapid: { public_key: expect.any(String) },
          accounts: expect.objectContaining({ max_pinned_statuses: 5, max_profile_fields: 4 }),
          statuses: STATUS_LIMITS,
          media_attachments: MEDIA_LIMITS,
          polls: POLL_LIMITS,
          translation: { enabled: expect.any(Boolean) },
        },
        registrations: expect.objectContaining({ enabled: true, approval_required: false }),
        api_versions: { mastodon: expect.any(Number) },
        contact: expect.objectContaining({ email: expect.any(String) }),
        rules: expect.any(Array),
      });
    });

    it('is cacheable for 5 minutes', async () => {
      const response = await api.get('/api/v2/instance');

      expect(response.headers['cache-control']).toMatch(/max-age=300/);
    });
  });

  describe('with a user token', () => {
    it('answers 200 with the same configuration', async () => {
      const user = await rig.newUser('instancev2');

      const response = await api.get('/api/v2/instance', { token: user.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ configuration: { statuses: STATUS_LIMITS, urls: { streaming: STREAMING_URL } } });
    });
  });
});

describe('GET /api/v1/instance', () => {
  describe('anonymously', () => {
    it('answers 200 with urls.streaming_api, the version and the limits (megalodon, Tusky fallback)', async () => {
      const response = await api.get('/api/v1/instance');

      expectJson(response, 200);
      expect(response.body).toMatchObject({
        uri: new URL(baseUrl).host,
        title: expect.any(String),
        short_description: expect.any(String),
        description: expect.any(String),
        email: expect.any(String),
        version: expect.stringMatching(MASTODON_VERSION),
        urls: { streaming_api: STREAMING_URL },
        stats: { user_count: expect.any(Number), status_count: expect.any(Number), domain_count: expect.any(Number) },
        languages: expect.any(Array),
        registrations: true,
        approval_required: false,
        invites_enabled: expect.any(Boolean),
        configuration: { statuses: STATUS_LIMITS, media_attachments: MEDIA_LIMITS, polls: POLL_LIMITS },
        rules: expect.any(Array),
      });
      expect(response.body).toHaveProperty('contact_account');
      expect(response.body).toHaveProperty('thumbnail');
    });

    it('sends the Deprecation header of 2022-11-14', async () => {
      const response = await api.get('/api/v1/instance');

      expect(response.headers.deprecation).toBe('@1668384000');
    });
  });

  describe('after a sign-up and a post', () => {
    it('counts the new user and the new status in stats', async () => {
      const before = (await api.get<{ stats: { user_count: number; status_count: number } }>('/api/v1/instance')).body.stats;
      const user = await rig.newUser('instancev1');
      await rig.post(user.token, 'counted by the instance');

      const after = (await api.get<{ stats: { user_count: number; status_count: number } }>('/api/v1/instance')).body.stats;

      expect({ users: after.user_count - before.user_count, statuses: after.status_count - before.status_count }).toEqual({
        users: 1,
        statuses: 1,
      });
    });
  });
});
