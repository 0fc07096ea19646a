// The moderators' actions on accounts (docs/api/moderation.md#acting-on-an-account): POST
// /api/v1/admin/accounts/:id/action and its undos (enable, unsilence, unsuspend, unsensitive), approve and
// reject of a user who is not pending, each answering Mastodon's Admin::Account; who may act (admin
// scopes, a role with manage_users above the user's); reports resolved by an action; the audit log and
// the warnings kept, read from the database where the target has one. The target's Admin and Moderator
// come from the suite's setup, so this runs on every target.
import { eventually, type JsonObject, type TestUser } from '@social/testkit';
import { connectDatabase, describeWithDatabase } from '../../support/database';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectJson } from '../../support/expectations';
import { api, rig } from '../../support/server';
import { ADMIN_SCOPES, NOT_ALLOWED, adminAccountAction, moderate, staffAccountId, staffToken } from '../../support/staff';

const LOGIN_DISABLED = 'Your login is currently disabled';

jest.setTimeout(60_000);

async function adminAccount(id: string): Promise<JsonObject> {
  const response = await api.get<JsonObject>(`/api/v1/admin/accounts/${id}`, { token: await staffToken('Moderator') });
  expectJson(response, 200);
  return response.body;
}

/** Until the token answers verify_credentials with `status` (the principal cache of each process hears the change through the bus). */
async function credentialsAnswer(token: string, status: number): Promise<void> {
  await eventually(async () => (await api.get('/api/v1/accounts/verify_credentials', { token })).status === status, { timeoutMs: 15_000, intervalMs: 100 });
}

function fileReport(reporter: TestUser, target: TestUser) {
  return api.postForm<JsonObject>('/api/v1/reports', { account_id: target.account.id, comment: 'rude' }, { token: reporter.token });
}

describe('POST /api/v1/admin/accounts/:id/action', () => {
  let target: TestUser;

  beforeAll(async () => {
    target = await rig.newUser('acted');
  });

  describe('without the permission', () => {
    it('answers 403 outside the authorized scopes to a moderator token without admin:write', async () => {
      expectError(await api.postForm(`/api/v1/admin/accounts/${target.account.id}/action`, { type: 'silence' }, { token: await staffToken('Moderator', 'read write') }), 403, OUTSIDE_SCOPES);
    });

    it('answers 403 This action is not allowed to a user whose role lacks manage_users, even with admin scopes', async () => {
      const user = await rig.newUser('plain', ADMIN_SCOPES);
      for (const route of ['action', 'enable', 'unsilence', 'unsuspend', 'unsensitive', 'approve', 'reject']) {
        expectError(await api.postForm(`/api/v1/admin/accounts/${target.account.id}/${route}`, { type: 'silence' }, { token: user.token }), 403, NOT_ALLOWED);
      }
      expectError(await api.delete(`/api/v1/admin/accounts/${target.account.id}`, { token: user.token }), 403, NOT_ALLOWED);
      expect((await adminAccount(target.account.id)).silenced).toBe(false);
    });

    it("answers 403 to a moderator acting on an Admin (a role above its own) or on itself", async () => {
      expectError(await moderate(await staffAccountId('Admin'), { type: 'silence' }), 403, NOT_ALLOWED);
      expectError(await moderate(await staffAccountId('Moderator'), { type: 'none', text: 'me' }), 403, NOT_ALLOWED);
    });
  });

  describe('with a bad request', () => {
    it('answers 422 for a missing or unknown type, 404 for an unknown account or report', async () => {
      expectError(await moderate(target.account.id, {}), 422, "Validation failed: Type can't be blank, Type is not included in the list");
      expectError(await moderate(target.account.id, { type: 'ban' }), 422, 'Validation failed: Type is not included in the list');
      expectError(await moderate('999999999999', { type: 'silence' }), 404, RECORD_NOT_FOUND);
      expectError(await moderate(target.account.id, { type: 'silence', report_id: '999999999999' }), 404, RECORD_NOT_FOUND);
      expectError(await moderate(target.account.id, { type: 'none', text: 'x'.repeat(5001) }), 422, 'Validation failed: Text is too long (maximum is 5000 characters)');
      expect((await adminAccount(target.account.id)).silenced).toBe(false);
    });
  });

  describe('type=none (a warning)', () => {
    it('answers {} and resolves only the report named, by the moderator', async () => {
      const [reporter, warned] = await Promise.all([rig.newUser('reporter'), rig.newUser('warned')]);
      const named = (await fileReport(reporter, warned)).body.id as string;
      const other = (await fileReport(reporter, warned)).body.id as string;

      const response = await moderate(warned.account.id, { type: 'none', report_id: named, text: 'Mind your words', send_email_notification: 'true', warning_preset_id: '1' });

      expectJson(response, 200);
      expect(response.body).toEqual({});
      const token = await staffToken('Moderator');
      const resolved = await api.get<JsonObject>(`/api/v1/admin/reports/${named}`, { token });
      expect(resolved.body).toMatchObject({ action_taken: true, action_taken_by_account: { id: await staffAccountId('Moderator') } });
      expect((await api.get<JsonObject>(`/api/v1/admin/reports/${other}`, { token })).body).toMatchObject({ action_taken: false });
      expect(await adminAccount(warned.account.id)).toMatchObject({ silenced: false, suspended: false, sensitized: false, disabled: false });
    });
  });

  describe('type=silence', () => {
    it("limits the account, resolves every open report about it, and unsilence lifts it", async () => {
      const [reporter, limited] = await Promise.all([rig.newUser('reporter'), rig.newUser('limited')]);
      const reports = [(await fileReport(reporter, limited)).body.id, (await fileReport(reporter, limited)).body.id];

      expectJson(await moderate(limited.account.id, { type: 'silence' }), 200);

      expect(await adminAccount(limited.account.id)).toMatchObject({ silenced: true, account: { id: limited.account.id, limited: true } });
      expect((await api.get<JsonObject>(`/api/v1/accounts/${limited.account.id}`)).body).toMatchObject({ limited: true });
      const token = await staffToken('Moderator');
      for (const id of reports) expect((await api.get<JsonObject>(`/api/v1/admin/reports/${id}`, { token })).body).toMatchObject({ action_taken: true });

      const lifted = await adminAccountAction(limited.account.id, 'unsilence');
      expectJson(lifted, 200);
      expect(lifted.body).toMatchObject({ id: limited.account.id, silenced: false, account: { limited: false } });
      expect((await api.get<JsonObject>(`/api/v1/accounts/${limited.account.id}`)).body).toMatchObject({ limited: false });
    });
  });

  describe('type=sensitive', () => {
    it('marks the account sensitized, and unsensitive lifts it', async () => {
      const marked = await rig.newUser('marked');
      expectJson(await moderate(marked.account.id, { type: 'sensitive' }), 200);
      expect(await adminAccount(marked.account.id)).toMatchObject({ sensitized: true, silenced: false });

      const lifted = await adminAccountAction(marked.account.id, 'unsensitive');
      expectJson(lifted, 200);
      expect(lifted.body).toMatchObject({ sensitized: false });
    });
  });

  describe('type=disable', () => {
    it("refuses sign-in, and the existing token with 403 and Mastodon's disabled text; enable gives both back", async () => {
      const disabled = await rig.newUser('disabled');
      expectJson(await moderate(disabled.account.id, { type: 'disable' }), 200);

      expect(await adminAccount(disabled.account.id)).toMatchObject({ disabled: true });
      await credentialsAnswer(disabled.token, 403);
      expectError(await api.get('/api/v1/accounts/verify_credentials', { token: disabled.token }), 403, LOGIN_DISABLED);
      expectError(await api.get('/api/v1/timelines/home', { token: disabled.token }), 403, LOGIN_DISABLED);
      const signIn = await api.postForm('/oauth/token', {
        grant_type: 'password', client_id: disabled.app.client_id, client_secret: disabled.app.client_secret, username: disabled.email, password: disabled.password,
      });
      expect(signIn.body).toMatchObject({ error: 'invalid_grant' });

      const enabled = await adminAccountAction(disabled.account.id, 'enable');
      expectJson(enabled, 200);
      expect(enabled.body).toMatchObject({ disabled: false });
      await credentialsAnswer(disabled.token, 200);
    });
  });

  describe('type=suspend', () => {
    it('suspends the account, refuses its token, and unsuspend gives everything back', async () => {
      const suspended = await rig.newUser('suspended');
      expectJson(await moderate(suspended.account.id, { type: 'suspend' }), 200);

      expect(await adminAccount(suspended.account.id)).toMatchObject({ suspended: true, account: { suspended: true } });
      // Mastodon's User#functional? is false for a suspended account: the same 403 as a disabled login.
      await credentialsAnswer(suspended.token, 403);
      expectError(await api.get('/api/v1/accounts/verify_credentials', { token: suspended.token }), 403, LOGIN_DISABLED);

      const lifted = await adminAccountAction(suspended.account.id, 'unsuspend');
      expectJson(lifted, 200);
      expect(lifted.body).toMatchObject({ suspended: false, account: { username: suspended.username } });
      expect(lifted.body.account).not.toHaveProperty('suspended');
      await credentialsAnswer(suspended.token, 200);
    });
  });
});

describe('POST /api/v1/admin/accounts/:id/approve and /reject', () => {
  it('answer 403 for a user who is not waiting for approval', async () => {
    const user = await rig.newUser('approved');
    expectError(await adminAccountAction(user.account.id, 'approve'), 403, NOT_ALLOWED);
    expectError(await adminAccountAction(user.account.id, 'reject'), 403, NOT_ALLOWED);
    expectError(await adminAccountAction('999999999999', 'approve'), 404, RECORD_NOT_FOUND);
  });
});

describe('GET /api/v1/admin/accounts', () => {
  it('lists local active accounts by default, and silenced, suspended, sensitized or disabled ones when asked', async () => {
    const [silenced, sensitized] = await Promise.all([rig.newUser('v1silenced'), rig.newUser('v1sensitized')]);
    await moderate(silenced.account.id, { type: 'silence' });
    await moderate(sensitized.account.id, { type: 'sensitive' });
    const token = await staffToken('Moderator');
    const list = async (query: Record<string, string>) => {
      const response = await api.get<JsonObject[]>('/api/v1/admin/accounts', { token, query: { limit: '200', ...query } });
      expectJson(response, 200);
      return response.body.map((account) => account.username);
    };

    expect(await list({ username: sensitized.username })).toEqual([sensitized.username]);
    expect(await list({ silenced: 'true', username: silenced.username })).toEqual([silenced.username]);
    expect(await list({ silenced: 'true', username: sensitized.username })).toEqual([]);
    expect(await list({ sensitized: 'true', username: sensitized.username })).toEqual([sensitized.username]);
    expect(await list({ remote: 'true' })).toEqual([]);
    expect(await list({ staff: 'true', username: 'e2e_' })).toEqual(['e2e_moderator', 'e2e_admin']);
    expect(await list({ email: sensitized.email.toUpperCase() })).toEqual([sensitized.username]);
  });
});

describeWithDatabase('the audit log and the warnings of account actions', () => {
  const sql = connectDatabase();

  it('writes an audit row per action, resolved report and undo, and a warning per action, with its text and report', async () => {
    const [reporter, target] = await Promise.all([rig.newUser('reporter'), rig.newUser('logged')]);
    const report = (await fileReport(reporter, target)).body.id as string;
    const moderator = await staffAccountId('Moderator');

    await moderate(target.account.id, { type: 'silence', report_id: report, text: 'Too loud' });
    await adminAccountAction(target.account.id, 'unsilence');

    const log = await sql.query(
      `SELECT action, target_type, account_id::text AS moderator FROM admin_action_logs
       WHERE (target_type = 'Account' AND target_id = $1::bigint) OR (target_type = 'Report' AND target_id = $2::bigint) ORDER BY id`,
      [target.account.id, report],
    );
    expect(log.rows).toEqual([
      { action: 'silence', target_type: 'Account', moderator },
      { action: 'resolve', target_type: 'Report', moderator },
      { action: 'unsilence', target_type: 'Account', moderator },
    ]);
    const warnings = await sql.query('SELECT action, text, report_id::text AS report, account_id::text AS moderator FROM account_warnings WHERE target_account_id = $1::bigint', [target.account.id]);
    expect(warnings.rows).toEqual([{ action: 'silence', text: 'Too loud', report, moderator }]);
  });
});
