// The moderators' dashboard (docs/api/moderation.md#dashboard): POST /api/v1/admin/measures, dimensions and
// retention, for a role with view_dashboard (a Moderator has it) and a token with admin:read; 403 otherwise.
// The counts are of the whole server, which other tests fill at the same time, so the checks compare
// before and after this test's own sign-ups, reports and interactions (at least, never exactly).
import { type JsonObject, type MastodonToken, type TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../support/expectations';
import { gql } from '../../support/graphql';
import { api, rig } from '../../support/server';
import { staffToken } from '../../support/staff';

jest.setTimeout(120_000);

const ADMIN_SCOPES = 'read write admin:read admin:write';
const RAILS_DAY = /^\d{4}-\d{2}-\d{2}T00:00:00\.000\+00:00$/;

async function tokenOf(user: TestUser, scope: string): Promise<string> {
  const response = await api.postForm<MastodonToken>('/oauth/token', {
    grant_type: 'password', client_id: user.app.client_id, client_secret: user.app.client_secret, username: user.email, password: user.password, scope,
  });
  if (response.status !== 200) throw new Error(`token (${scope}) answered ${response.status}: ${response.text}`);
  return response.body.access_token;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('dashboard without the permission', () => {
  it('answers 403 not allowed without view_dashboard, outside the scopes without admin:read', async () => {
    const user = await rig.newUser('nodash', ADMIN_SCOPES);
    const scoped = await tokenOf(user, 'read admin:read');
    const plain = await rig.newUser('nodashplain');
    for (const route of ['/api/v1/admin/measures', '/api/v1/admin/dimensions', '/api/v1/admin/retention']) {
      const fields = { 'keys[]': 'new_users', start_at: today(), end_at: today(), frequency: 'day' };
      expectError(await api.postForm(route, fields, { token: scoped }), 403, 'This action is not allowed');
      expectError(await api.postForm(route, fields, { token: plain.token }), 403, OUTSIDE_SCOPES);
    }
  });
});

describe("dashboard (the target's Moderator, test/support/staff.ts)", () => {
  let token: string;

  beforeAll(async () => {
    token = await staffToken('Moderator', 'read admin:read');
  });

  async function measures(keys: string[], extra: Record<string, string> = {}): Promise<Record<string, JsonObject>> {
    const response = await api.postForm<JsonObject[]>('/api/v1/admin/measures', { 'keys[]': keys, start_at: daysAgo(2), end_at: today(), ...extra }, { token });
    expectJson(response, 200);
    return Object.fromEntries(response.body.map((measure) => [measure.key as string, measure]));
  }

  const todayValue = (measure: JsonObject) => Number((measure.data as JsonObject[]).at(-1)?.value);

  it('answers Admin::Measure per key, a day per entry, and counts new users, reports and interactions as they happen', async () => {
    const before = await measures(['new_users', 'active_users', 'interactions', 'opened_reports', 'resolved_reports', 'no_such_key']);
    expect(Object.keys(before).sort()).toEqual(['active_users', 'interactions', 'new_users', 'opened_reports', 'resolved_reports']);
    expect(before.new_users).toEqual({ key: 'new_users', unit: null, total: expect.stringMatching(/^\d+$/), previous_total: expect.stringMatching(/^\d+$/), data: expect.any(Array) });
    const days = before.new_users.data as JsonObject[];
    expect(days).toHaveLength(3);
    for (const entry of days) expect(entry).toEqual({ date: expect.stringMatching(RAILS_DAY), value: expect.stringMatching(/^\d+$/) });
    expect(days.at(-1)?.date).toBe(`${today()}T00:00:00.000+00:00`);

    const [author, fan] = await Promise.all([rig.newUser('dashauthor'), rig.newUser('dashfan')]);
    const status = await rig.post(author.token, 'counted');
    await api.post(`/api/v1/statuses/${status.id}/favourite`, { token: fan.token });
    await api.postForm('/api/v1/reports', { account_id: author.account.id }, { token: fan.token });

    const after = await measures(['new_users', 'active_users', 'interactions', 'opened_reports']);
    expect(todayValue(after.new_users)).toBeGreaterThanOrEqual(todayValue(before.new_users) + 2);
    expect(Number(after.new_users.total)).toBeGreaterThanOrEqual(Number(before.new_users.total) + 2);
    expect(todayValue(after.active_users)).toBeGreaterThanOrEqual(2);
    expect(todayValue(after.interactions)).toBeGreaterThanOrEqual(todayValue(before.interactions) + 1);
    expect(todayValue(after.opened_reports)).toBeGreaterThanOrEqual(todayValue(before.opened_reports) + 1);
  });

  it('counts a hashtag\'s uses and accounts (tag_uses[id], tag_accounts[id])', async () => {
    const author = await rig.newUser('dashtag');
    const tag = `dash${Date.now().toString(36)}`;
    const status = await rig.post(author.token, `#${tag} one`);
    await rig.post(author.token, `#${tag} two`);
    const tagId = (await api.get<JsonObject>(`/api/v1/tags/${tag}`, { token: author.token })).body.id as string;
    expect(status.tags).toHaveLength(1);
    const counted = await measures(['tag_uses', 'tag_accounts'], { 'tag_uses[id]': tagId, 'tag_accounts[id]': tagId });
    expect({ uses: counted.tag_uses.total, accounts: counted.tag_accounts.total }).toEqual({ uses: '2', accounts: '1' });
  });

  it('answers dimensions (sources, space_usage with bytes, software_versions) and leaves unknown keys out', async () => {
    const response = await api.postForm<JsonObject[]>(
      '/api/v1/admin/dimensions',
      { 'keys[]': ['sources', 'space_usage', 'software_versions', 'servers', 'bogus'], start_at: daysAgo(1), end_at: today(), limit: '5' },
      { token },
    );
    expectJson(response, 200);
    const byKey = Object.fromEntries(response.body.map((dimension) => [dimension.key as string, dimension.data as JsonObject[]]));
    expect(Object.keys(byKey).sort()).toEqual(['servers', 'software_versions', 'sources', 'space_usage']);
    expect(byKey.sources.length).toBeGreaterThanOrEqual(1);
    expect(byKey.sources.length).toBeLessThanOrEqual(5);
    expect(byKey.sources[0]).toEqual({ key: expect.any(String), human_key: expect.any(String), value: expect.stringMatching(/^\d+$/) });
    expect(byKey.space_usage.find((entry) => entry.key === 'postgresql')).toEqual({ key: 'postgresql', human_key: 'PostgreSQL', value: expect.stringMatching(/^\d+$/), unit: 'bytes', human_value: expect.any(String) });
    expect(byKey.software_versions.map((entry) => entry.key)).toEqual(['social_federation', 'nodejs', 'postgresql']);
    expect(byKey.servers).toEqual([]);
  });

  it('answers retention cohorts by day, rates between 0 and 1; refuses another frequency and a missing day', async () => {
    const response = await api.postForm<JsonObject[]>('/api/v1/admin/retention', { start_at: daysAgo(1), end_at: today(), frequency: 'day' }, { token });
    expectJson(response, 200);
    const latest = response.body.at(-1) as JsonObject;
    expect(latest).toEqual({ period: `${today()}T00:00:00.000+00:00`, frequency: 'day', data: [{ date: `${today()}T00:00:00.000+00:00`, rate: expect.any(Number), value: expect.stringMatching(/^\d+$/) }] });
    const rate = (latest.data as JsonObject[])[0].rate as number;
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThanOrEqual(1);
    expectError(await api.postForm('/api/v1/admin/retention', { start_at: daysAgo(1), end_at: today(), frequency: 'week' }, { token }), 422, 'Validation failed: Frequency is not included in the list');
    expectError(await api.postForm('/api/v1/admin/measures', { 'keys[]': 'new_users', end_at: today() }, { token }), 400, 'param is missing or the value is empty: start_at');
  });

  it('GraphQL: adminMeasures, adminDimensions and adminRetention', async () => {
    const response = await gql(
      `query($s: String!, $e: String!) {
        adminMeasures(keys: ["new_users"], startAt: $s, endAt: $e) { key total data { date value } }
        adminDimensions(keys: ["software_versions"], startAt: $s, endAt: $e) { key data { key value } }
        adminRetention(startAt: $s, endAt: $e, frequency: "month") { frequency data { rate } }
      }`,
      { s: `${today()}T00:00:00Z`, e: `${today()}T00:00:00Z` },
      token,
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.adminMeasures[0]).toEqual({ key: 'new_users', total: expect.stringMatching(/^\d+$/), data: [{ date: `${today()}T00:00:00.000Z`, value: expect.any(String) }] });
    expect(response.data?.adminDimensions[0].key).toBe('software_versions');
    expect(response.data?.adminRetention[0]?.frequency ?? 'month').toBe('month');
  });
});
