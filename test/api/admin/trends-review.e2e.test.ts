// The review of trends (docs/api/trends.md#review): the moderators' lists under /api/v1/admin/trends (everything
// that scores, with trendable and requires_review), approve and reject (audit rows), and what the public lists then
// show with TRENDABLE_BY_DEFAULT at its default (everything but what was rejected). Other tests make hashtags, links and
// statuses trend at the same time, so the lists are paged through to find this test's own. The reviewer is the
// target's Moderator (test/support/staff.ts), so the review runs on every target; the audit rows need the database.
import { randomBytes } from 'node:crypto';
import { eventually, type JsonObject, type MastodonToken, type TestUser } from '@social/testkit';
import { serveCardPages } from '../../support/card-page';
import { connectDatabase, describeWithDatabase } from '../../support/database';
import { ID, RECORD_NOT_FOUND, expectError, expectJson } from '../../support/expectations';
import { gql } from '../../support/graphql';
import { api, rig } from '../../support/server';
import { staffAccountId, staffToken } from '../../support/staff';

jest.setTimeout(120_000);

const ADMIN_SCOPES = 'read write admin:read admin:write';

async function tokenOf(user: TestUser, scope: string): Promise<string> {
  const response = await api.postForm<MastodonToken>('/oauth/token', {
    grant_type: 'password', client_id: user.app.client_id, client_secret: user.app.client_secret, username: user.email, password: user.password, scope,
  });
  if (response.status !== 200) throw new Error(`token (${scope}) answered ${response.status}: ${response.text}`);
  return response.body.access_token;
}

/** Every item of a ranked list, page after page (at most 10 pages). */
async function all(route: string, token?: string): Promise<JsonObject[]> {
  const items: JsonObject[] = [];
  for (let offset = 0; offset < 200; offset += 20) {
    const response = await api.get<JsonObject[]>(route, { token, query: { limit: '20', offset: String(offset) } });
    expectJson(response, 200);
    items.push(...response.body);
    if (response.body.length < 20) break;
  }
  return items;
}

describe('trends review without the permission', () => {
  it('answers 403 not allowed to a user without manage_taxonomies', async () => {
    const user = await rig.newUser('notrends', ADMIN_SCOPES);
    const token = await tokenOf(user, 'read admin:read admin:write');
    for (const kind of ['tags', 'statuses', 'links']) {
      expectError(await api.get(`/api/v1/admin/trends/${kind}`, { token }), 403, 'This action is not allowed');
      expectError(await api.post(`/api/v1/admin/trends/${kind}/1/approve`, { token }), 403, 'This action is not allowed');
    }
  });
});

/** A hashtag of its own, used by two accounts: it trends. */
async function trendingTag(): Promise<string> {
  const tag = `review${randomBytes(4).toString('hex')}`;
  const [first, second] = await Promise.all([rig.newUser('trendtag'), rig.newUser('trendtag')]);
  await rig.post(first.token, `#${tag} is catching on`);
  await rig.post(second.token, `#${tag} indeed`);
  return tag;
}

describe("trends review (the target's Moderator)", () => {
  let token: string;

  beforeAll(async () => {
    token = await staffToken('Moderator', 'read admin:read admin:write');
  });

  it('lists a trending hashtag for review; a rejection takes it out of public trends, an approval brings it back', async () => {
    const tag = await trendingTag();

    const listed = (await all('/api/v1/admin/trends/tags', token)).find((item) => item.name === tag);
    expect(listed).toMatchObject({ id: expect.stringMatching(ID), name: tag, url: expect.stringContaining(`/tags/${tag}`), trendable: true, usable: true, requires_review: true, listable: true });
    expect((await all('/api/v1/trends/tags')).map((item) => item.name)).toContain(tag);
    const id = listed?.id as string;

    const rejected = await api.post<JsonObject>(`/api/v1/admin/trends/tags/${id}/reject`, { token });
    expectJson(rejected, 200);
    expect(rejected.body).toMatchObject({ id, name: tag, trendable: false, requires_review: false });
    expect((await all('/api/v1/trends/tags')).map((item) => item.name)).not.toContain(tag);
    expect((await all('/api/v1/admin/trends/tags', token)).find((item) => item.name === tag)).toMatchObject({ trendable: false, requires_review: false });

    const approved = await api.post<JsonObject>(`/api/v1/admin/trends/tags/${id}/approve`, { token });
    expect(approved.body).toMatchObject({ id, trendable: true, requires_review: false });
    expect((await all('/api/v1/trends/tags')).map((item) => item.name)).toContain(tag);
  });

  it('rejects and approves a status; the public list follows', async () => {
    const [author, a, b] = await Promise.all([rig.newUser('trendauthor'), rig.newUser('trendfan'), rig.newUser('trendfan')]);
    await api.send('PATCH', '/api/v1/accounts/update_credentials', { token: author.token, body: 'discoverable=true', contentType: 'application/x-www-form-urlencoded' });
    const status = await rig.post(author.token, 'A status worth reviewing');
    await Promise.all([a, b].map((fan) => api.post(`/api/v1/statuses/${status.id}/favourite`, { token: fan.token })));

    expect((await all('/api/v1/admin/trends/statuses', token)).map((item) => item.id)).toContain(status.id);
    expect((await all('/api/v1/trends/statuses')).map((item) => item.id)).toContain(status.id);

    const rejected = await api.post<JsonObject>(`/api/v1/admin/trends/statuses/${status.id}/reject`, { token });
    expectJson(rejected, 200);
    expect(rejected.body).toMatchObject({ id: status.id, content: expect.stringContaining('worth reviewing') });
    expect((await all('/api/v1/trends/statuses')).map((item) => item.id)).not.toContain(status.id);
    expect((await all('/api/v1/admin/trends/statuses', token)).map((item) => item.id)).toContain(status.id);

    await api.post(`/api/v1/admin/trends/statuses/${status.id}/approve`, { token });
    expect((await all('/api/v1/trends/statuses')).map((item) => item.id)).toContain(status.id);
  });

  it('rejects and approves a link (its preview card); the public list follows', async () => {
    const pages = await serveCardPages({ '/reviewed': '<!doctype html><html><head><meta property="og:title" content="A link under review"></head><body></body></html>' });
    try {
      const url = `${pages.baseUrl}/reviewed`;
      // Two accounts share it, each status waiting for its card: the link trends.
      const sharers = await Promise.all([rig.newUser('trendlink'), rig.newUser('trendlink')]);
      await Promise.all(sharers.map(async (user) => {
        const status = await rig.post(user.token, `worth a read ${url}`);
        await eventually(
          async () => ((await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { token: user.token })).body.card ?? false) !== false,
          { timeoutMs: 45_000, intervalMs: 200, what: `the card of status ${status.id}` },
        );
      }));
      const publicUrls = async () => (await all('/api/v1/trends/links')).map((item) => item.url);

      const listed = (await all('/api/v1/admin/trends/links', token)).find((item) => item.url === url);
      expect(listed).toMatchObject({ id: expect.stringMatching(ID), url, title: 'A link under review', trendable: true, requires_review: true });
      expect(await publicUrls()).toContain(url);
      const id = listed?.id as string;

      const rejected = await api.post<JsonObject>(`/api/v1/admin/trends/links/${id}/reject`, { token });
      expectJson(rejected, 200);
      expect(rejected.body).toMatchObject({ id, url, trendable: false, requires_review: false });
      expect(await publicUrls()).not.toContain(url);
      expect((await all('/api/v1/admin/trends/links', token)).find((item) => item.url === url)).toMatchObject({ id, trendable: false, requires_review: false });

      const approved = await api.post<JsonObject>(`/api/v1/admin/trends/links/${id}/approve`, { token });
      expectJson(approved, 200);
      expect(approved.body).toMatchObject({ id, url, trendable: true, requires_review: false });
      expect(await publicUrls()).toContain(url);
    } finally {
      await pages.close();
    }
  });

  it('answers 404 for unknown items; the links list is an array', async () => {
    for (const kind of ['tags', 'statuses', 'links']) expectError(await api.post(`/api/v1/admin/trends/${kind}/99999999999/approve`, { token }), 404, RECORD_NOT_FOUND);
    expect(Array.isArray((await api.get('/api/v1/admin/trends/links', { token })).body)).toBe(true);
  });

  it('GraphQL: adminTrendingTags and rejectTrendingTag with its payload', async () => {
    const response = await gql('{ adminTrendingTags(limit: 20) { id trendable requiresReview tag { name } } }', {}, token);
    expect(response.errors).toBeUndefined();
    const missing = await gql('mutation { rejectTrendingTag(input: { tagId: "99999999999" }) { trendingTag { id } errors { code } } }', {}, token);
    expect(missing.data?.rejectTrendingTag).toEqual({ trendingTag: null, errors: [{ code: 'NOT_FOUND' }] });
  });
});

describeWithDatabase('the audit rows of trends review (the target\'s database: no API reads them)', () => {
  const sql = connectDatabase();

  it('writes who rejected and approved a hashtag', async () => {
    const token = await staffToken('Moderator', 'read admin:read admin:write');
    const moderator = await staffAccountId('Moderator');
    const tag = await trendingTag();
    const id = (await all('/api/v1/admin/trends/tags', token)).find((item) => item.name === tag)?.id as string;
    expect(id).toMatch(ID);
    expectJson(await api.post(`/api/v1/admin/trends/tags/${id}/reject`, { token }), 200);
    expectJson(await api.post(`/api/v1/admin/trends/tags/${id}/approve`, { token }), 200);
    const rows = await sql.query(`SELECT action, account_id::text FROM admin_action_logs WHERE target_type = 'Tag' AND target_id = $1::bigint ORDER BY id`, [id]);
    expect(rows.rows).toEqual([{ action: 'reject', account_id: moderator }, { action: 'approve', account_id: moderator }]);
  });
});
