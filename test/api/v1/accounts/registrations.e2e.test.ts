// Sign-ups by REGISTRATIONS_MODE (docs/api/moderation.md#registrations), each on a server of this run's
// target started for this file: `approved` makes a pending user (its reason kept for the moderators) who
// cannot sign in and whose token is refused until a moderator approves it, or is deleted when rejected;
// the instance answers say approval is required. `none` refuses sign-ups with Mastodon's 403 Forbidden.
import { client, eventually, parseEnvList, startTarget, Testrig, uniqueUsername, emailOf, type ApiClient, type JsonObject, type MastodonToken, type RunningTarget } from '@social/testkit';
import { expectError, expectJson, INVALID_TOKEN } from '../../../support/expectations';
import { TARGET, describeOnAnyOneTarget } from '../../../support/targets';

const PENDING = 'Your login is currently pending approval';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery staple';

describe('REGISTRATIONS_MODE=approved', () => {
  let target: RunningTarget;
  let api: ApiClient;
  let rig: Testrig;
  let moderatorToken: string;
  let appToken: string;

  beforeAll(async () => {
    target = await startTarget(TARGET, { env: { ...parseEnvList(process.env.E2E_SERVER_ENV), REGISTRATIONS_MODE: 'approved' }, staff: true });
    api = client(target.baseUrl);
    rig = new Testrig(api);
    const app = await rig.registerApp('read write admin:read admin:write');
    appToken = await rig.appToken(app, 'read write');
    const moderator = target.staff.find((account) => account.role === 'Moderator');
    if (!moderator) throw new Error('no Moderator on the target');
    moderatorToken = await rig.passwordToken(app, moderator.email, moderator.password, 'read admin:read admin:write');
  }, 180_000);

  afterAll(async () => {
    await target?.stop();
  }, 60_000);

  async function signUp(reason?: string): Promise<{ username: string; token: string; id: string }> {
    const username = uniqueUsername('pending');
    const response = await api.postForm<MastodonToken>('/api/v1/accounts', {
      username, email: emailOf(username), password: PASSWORD, agreement: 'true', ...(reason ? { reason } : {}),
    }, { token: appToken });
    expectJson(response, 200);
    const listed = await api.get<JsonObject[]>('/api/v2/admin/accounts', { token: moderatorToken, query: { username, status: 'pending' } });
    return { username, token: response.body.access_token, id: listed.body[0]?.id as string };
  }

  it('says so in the instance answers', async () => {
    expect((await api.get<JsonObject>('/api/v2/instance')).body.registrations).toMatchObject({ enabled: true, approval_required: true });
    expect((await api.get<JsonObject>('/api/v1/instance')).body).toMatchObject({ registrations: true, approval_required: true });
  });

  it("answers the sign-up with a token the server refuses (403, Mastodon's pending text), and the sign-in with invalid_grant, until approved", async () => {
    const pending = await signUp('I write about birds');
    expect(pending.id).toMatch(/^\d+$/);
    const shown = await api.get<JsonObject>(`/api/v1/admin/accounts/${pending.id}`, { token: moderatorToken });
    expect(shown.body).toMatchObject({ username: pending.username, approved: false, invite_request: 'I write about birds' });
    // Mastodon's require_user!: a live token whose user waits for approval is 403 with its reason, not 401 (docs/api/oauth.md#users-who-may-not-sign-in).
    expectError(await api.get('/api/v1/accounts/verify_credentials', { token: pending.token }), 403, PENDING);
    expectError(await api.postForm('/api/v1/statuses', { status: 'too early' }, { token: pending.token }), 403, PENDING);
    expectError(await api.get('/api/v1/timelines/home', { token: pending.token }), 403, PENDING);

    const approved = await api.postForm<JsonObject>(`/api/v1/admin/accounts/${pending.id}/approve`, {}, { token: moderatorToken });

    expectJson(approved, 200);
    expect(approved.body).toMatchObject({ id: pending.id, approved: true });
    await eventually(async () => (await api.get('/api/v1/accounts/verify_credentials', { token: pending.token })).status === 200, { timeoutMs: 15_000 });
    expect((await api.get<JsonObject[]>('/api/v2/admin/accounts', { token: moderatorToken, query: { username: pending.username, status: 'pending' } })).body).toEqual([]);
  });

  it('refuses the password grant to a pending user', async () => {
    const username = uniqueUsername('pending');
    const app = await rig.registerApp('read write');
    expectJson(await api.postForm('/api/v1/accounts', { username, email: emailOf(username), password: PASSWORD, agreement: 'true' }, { token: await rig.appToken(app, 'write') }), 200);
    const grant = await api.postForm('/oauth/token', { grant_type: 'password', client_id: app.client_id, client_secret: app.client_secret, username: emailOf(username), password: PASSWORD });
    expect(grant.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('deletes a rejected sign-up, and frees its username', async () => {
    const pending = await signUp();

    const rejected = await api.postForm<JsonObject>(`/api/v1/admin/accounts/${pending.id}/reject`, {}, { token: moderatorToken });

    expectJson(rejected, 200);
    expect(rejected.body).toEqual({});
    expectError(await api.get(`/api/v1/admin/accounts/${pending.id}`, { token: moderatorToken }), 404, 'Record not found');
    expectError(await api.get('/api/v1/accounts/verify_credentials', { token: pending.token }), 401, INVALID_TOKEN);
    const again = await api.postForm('/api/v1/accounts', { username: pending.username, email: emailOf(pending.username), password: PASSWORD, agreement: 'true' }, { token: appToken });
    expectJson(again, 200);
  });
});

describeOnAnyOneTarget('REGISTRATIONS_MODE=none', () => {
  let target: RunningTarget;
  let api: ApiClient;
  let rig: Testrig;

  beforeAll(async () => {
    target = await startTarget(TARGET, { env: { ...parseEnvList(process.env.E2E_SERVER_ENV), REGISTRATIONS_MODE: 'none' } });
    api = client(target.baseUrl);
    rig = new Testrig(api);
  }, 180_000);

  afterAll(async () => {
    await target?.stop();
  }, 60_000);

  it('refuses sign-ups with 403 Forbidden, and says registrations are closed', async () => {
    const app = await rig.registerApp('read write');
    const username = uniqueUsername('closed');
    expectError(await api.postForm('/api/v1/accounts', { username, email: emailOf(username), password: PASSWORD, agreement: 'true' }, { token: await rig.appToken(app, 'write') }), 403, 'Forbidden');
    expect((await api.get<JsonObject>('/api/v2/instance')).body.registrations).toMatchObject({ enabled: false, approval_required: false });
    expect((await api.get<JsonObject>('/api/v1/instance')).body).toMatchObject({ registrations: false, approval_required: false });
  });
});
