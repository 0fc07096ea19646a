// GET /api/v2/instance and GET /api/v1/instance: what clients read at start-up.
// docs/api/client-compatibility.md#startup; docs/api/versions.md.
import { Testrig, client } from '@social/testkit';
import { expectJson } from '../support/expectations';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';
import { api, baseUrl, rig } from '../support/server';

/** Mastodon's streaming URL is the web host with a WebSocket scheme. */
const STREAMING_URL = baseUrl.replace(/^http/, 'ws');
/** `4.3.0`, or a compatible string such as `4.3.0 (compatible; ours 0.1.0)`: clients parse the leading version. */
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

describe("the rest of the server's about page (GET /api/v1/instance/*)", () => {
  it('activity: 12 weeks, the current first, each figure a string, counting this week\'s statuses, sign-ups and sign-ins', async () => {
    const before = (await api.get("/api/v1/instance/activity")).body as unknown as Array<Record<string, string>>;
    const user = await rig.newUser('weekly');
    await rig.post(user.token, { status: 'counted this week' });
    await rig.post(user.token, { status: 'and this one' });

    const response = await api.get('/api/v1/instance/activity');

    expectJson(response, 200);
    const weeks = response.body as unknown as Array<Record<string, string>>;
    expect(weeks).toHaveLength(12);
    for (const week of weeks) expect(week).toEqual({ week: expect.stringMatching(/^\d+$/), statuses: expect.stringMatching(/^\d+$/), logins: expect.stringMatching(/^\d+$/), registrations: expect.stringMatching(/^\d+$/) });
    const monday = new Date(Number(weeks[0].week) * 1000);
    expect([monday.getUTCDay(), monday.getUTCHours(), monday.getUTCMinutes()]).toEqual([1, 0, 0]);
    expect(Date.now() - monday.getTime()).toBeLessThan(7 * 24 * 3600 * 1000);
    expect(Number(weeks[0].week) - Number(weeks[1].week)).toBe(7 * 24 * 3600);
    // Other test files post and sign up beside this one: at least ours were counted.
    expect(Number(weeks[0].statuses) - Number(before[0].statuses)).toBeGreaterThanOrEqual(2);
    expect(Number(weeks[0].registrations) - Number(before[0].registrations)).toBeGreaterThanOrEqual(1);
    expect(Number(weeks[0].logins)).toBeGreaterThanOrEqual(1);
  });

  it('languages: every language a status may be written in, with its English name', async () => {
    const response = await api.get('/api/v1/instance/languages');

    expectJson(response, 200);
    expect(response.body).toEqual(expect.arrayContaining([{ code: 'en', name: 'English' }, { code: 'de', name: 'German' }, { code: 'tok', name: 'Toki Pona' }]));
    expect((response.body as unknown as unknown[]).length).toBeGreaterThan(180);
  });

  it.each([
    ['/api/v1/instance/peers', []],
    ['/api/v1/instance/translation_languages', {}],
    ['/api/v1/instance/domain_blocks', []],
  ])('%s answers what a server without federation, translation or domain blocks answers', async (path, body) => {
    const response = await api.get(path);

    expectJson(response, 200);
    expect(response.body).toEqual(body);
  });

  it('rules and the extended description are empty until configured', async () => {
    expect((await api.get('/api/v1/instance/rules')).body).toEqual([]);
    expect((await api.get('/api/v1/instance/extended_description')).body).toEqual({ updated_at: null, content: '' });
  });
});

describeOnSingleTarget('a server with rules and a long description (INSTANCE_RULES, INSTANCE_EXTENDED_DESCRIPTION)', () => {
  let place: Playground;
  let server: OwnServer;

  beforeAll(async () => {
    place = await playground({
      INSTANCE_RULES: 'Be kind.\n\n  No spam <ever>.  \n',
      INSTANCE_EXTENDED_DESCRIPTION: 'A small server.\nRun by friends & family.\n\nWrite to <admin@example>.',
    });
    server = await OwnServer.start(await freePort(), place.env);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await place?.dispose();
  });

  it('lists the rules in order, in both instance answers too, and renders the description as escaped paragraphs', async () => {
    const own = client(server.baseUrl);
    const rules = [
      { id: '1', text: 'Be kind.', hint: '' },
      { id: '2', text: 'No spam <ever>.', hint: '' },
    ];

    expect((await own.get('/api/v1/instance/rules')).body).toEqual(rules);
    expect(((await own.get('/api/v2/instance')).body as { rules: unknown }).rules).toEqual(rules);
    expect(((await own.get('/api/v1/instance')).body as { rules: unknown }).rules).toEqual(rules);
    expect((await own.get('/api/v1/instance/extended_description')).body).toEqual({
      updated_at: null,
      content: '<p>A small server.<br />Run by friends &amp; family.</p><p>Write to &lt;admin@example&gt;.</p>',
    });
  });

  // docs/api/moderation.md#reports: a report may name the server's rules; naming any makes it a violation.
  it("takes a report naming the server's rules as a violation, and refuses a rule it does not have with 422", async () => {
    const own = new Testrig(server.baseUrl);
    const [reporter, target] = await Promise.all([own.newUser('rulereporter'), own.newUser('ruletarget')]);
    const report = (fields: Record<string, unknown>) => client(server.baseUrl).postJson<Record<string, unknown>>('/api/v1/reports', { account_id: target.account.id, ...fields }, { token: reporter.token });

    const named = await report({ rule_ids: ['2', '2'], category: 'spam', comment: 'breaks rule 2' });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ category: 'violation', rule_ids: ['2'], comment: 'breaks rule 2' });
    for (const ruleIds of [['3'], ['0'], ['1', 'x']]) {
      const refused = await report({ rule_ids: ruleIds });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 422, body: { error: 'Validation failed: Rule ids is invalid' } });
    }
  });
});
