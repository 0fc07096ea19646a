// Reports and the moderators' handling of them (docs/api/moderation.md): POST /api/v1/reports, the
// admin routes under /api/v1/admin/reports (admin scopes and a role with manage_reports), the
// admin.report notification, the role on verify_credentials, and the audit log. The moderator is the
// target's own (test/support/staff.ts), so the moderators' flow runs on every target; the admin CLI's
// roles and the audit rows need the target's database (single, multi).
import path from 'node:path';
import { encodeForm, eventually, type JsonObject, type MastodonStatus, type MastodonToken, type TestUser } from '@social/testkit';
import { runCommand, type Run } from '../../support/commands';
import { DATABASE_URL, connectDatabase, describeWithDatabase } from '../../support/database';
import { ID, ISO_MS, OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectJson } from '../../support/expectations';
import { api, rig } from '../../support/server';
import { staffAccount, staffAccountId, staffToken } from '../../support/staff';

jest.setTimeout(120_000);

const ADMIN_CLI = path.resolve(__dirname, '../../../server/dist/cli/admin.js');
const ADMIN_SCOPES = 'read write admin:read admin:write';
const NOT_ALLOWED = 'This action is not allowed';

/** Every admin route this change adds, with a report id filled in. */
const adminRoutes = (id: string): Array<['get' | 'post' | 'put', string]> => [
  ['get', '/api/v1/admin/reports'],
  ['get', `/api/v1/admin/reports/${id}`],
  ['put', `/api/v1/admin/reports/${id}`],
  ['post', `/api/v1/admin/reports/${id}/assign_to_self`],
  ['post', `/api/v1/admin/reports/${id}/unassign`],
  ['post', `/api/v1/admin/reports/${id}/resolve`],
  ['post', `/api/v1/admin/reports/${id}/reopen`],
  ['get', '/api/v2/admin/accounts'],
  ['get', `/api/v1/admin/accounts/${id}`],
];

function call(method: 'get' | 'post' | 'put', route: string, token: string) {
  if (method === 'put') return updateReport(route, { category: 'spam' }, token);
  return method === 'get' ? api.get(route, { token }) : api.postForm(route, {}, { token });
}

/** PUT /api/v1/admin/reports/:id with a form body. */
function updateReport(route: string, fields: Record<string, string | string[]>, token: string) {
  return api.send<JsonObject>('PUT', route, { token, body: encodeForm(fields), contentType: 'application/x-www-form-urlencoded' });
}

/** A password-grant token of the user, with these scopes (the user's app must have registered them). */
async function tokenOf(user: TestUser, scope: string): Promise<string> {
  const response = await api.postForm<MastodonToken>('/oauth/token', {
    grant_type: 'password', client_id: user.app.client_id, client_secret: user.app.client_secret, username: user.email, password: user.password, scope,
  });
  if (response.status !== 200) throw new Error(`token (${scope}) answered ${response.status}: ${response.text}`);
  return response.body.access_token;
}

function fileReport(reporter: TestUser, fields: Record<string, unknown>) {
  return api.postForm<JsonObject>('/api/v1/reports', fields as never, { token: reporter.token });
}

describe('POST /api/v1/reports', () => {
  let reporter: TestUser;
  let target: TestUser;
  let targetStatus: MastodonStatus;

  beforeAll(async () => {
    [reporter, target] = await Promise.all([rig.newUser('reporter'), rig.newUser('target')]);
    targetStatus = await rig.post(target.token, 'buy my stuff');
  });

  it('files a report and answers the Report entity', async () => {
    const response = await fileReport(reporter, { account_id: target.account.id, status_ids: [targetStatus.id], comment: 'Spam in my timeline', category: 'spam' });

    expectJson(response, 200);
    expect(response.body).toEqual({
      id: expect.stringMatching(ID),
      action_taken: false,
      action_taken_at: null,
      category: 'spam',
      comment: 'Spam in my timeline',
      forwarded: false,
      created_at: expect.stringMatching(ISO_MS),
      status_ids: [targetStatus.id],
      rule_ids: null,
      target_account: expect.objectContaining({ id: target.account.id, username: target.username }),
    });
  });

  it('defaults the category to other, and takes JSON bodies and forward (ignored: the account is local)', async () => {
    const response = await api.postJson<JsonObject>('/api/v1/reports', { account_id: target.account.id, forward: true }, { token: reporter.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ category: 'other', comment: '', forwarded: false, status_ids: [] });
  });

  it('refuses a comment over 1000 characters, an unknown category and rule ids with 422', async () => {
    expectError(await fileReport(reporter, { account_id: target.account.id, comment: 'x'.repeat(1001) }), 422, 'Validation failed: Comment is too long (maximum is 1000 characters)');
    expectError(await fileReport(reporter, { account_id: target.account.id, category: 'rude' }), 422, 'Validation failed: Category is not included in the list');
    expectError(await fileReport(reporter, { account_id: target.account.id, rule_ids: ['1'] }), 422, 'Validation failed: Rule ids is invalid');
    expectJson(await fileReport(reporter, { account_id: target.account.id, comment: 'é'.repeat(1000) }), 200);
  });

  it("answers 404 for an unknown account, and for a status that is not the reported account's", async () => {
    const own = await rig.post(reporter.token, 'mine');
    expectError(await fileReport(reporter, { account_id: '999999999999' }), 404, RECORD_NOT_FOUND);
    expectError(await fileReport(reporter, { account_id: 'nonsense' }), 404, RECORD_NOT_FOUND);
    expectError(await fileReport(reporter, { account_id: target.account.id, status_ids: [own.id] }), 404, RECORD_NOT_FOUND);
  });

  it('needs write:reports and a user token', async () => {
    const readOnly = await tokenOf(reporter, 'read');
    expectError(await api.postForm('/api/v1/reports', { account_id: target.account.id }, { token: readOnly }), 403, OUTSIDE_SCOPES);
    const appToken = await rig.appToken(reporter.app, 'write');
    expectError(await api.postForm('/api/v1/reports', { account_id: target.account.id }, { token: appToken }), 422, USER_REQUIRED);
  });
});

describe('/api/v1/admin/reports without the permission', () => {
  let user: TestUser;
  let reportId: string;

  beforeAll(async () => {
    user = await rig.newUser('plain', ADMIN_SCOPES);
    const target = await rig.newUser('target');
    reportId = (await fileReport(user, { account_id: target.account.id })).body.id as string;
  });

  it("answers 403 This action is not allowed on every admin route to a user whose role lacks manage_reports, even with admin scopes", async () => {
    const token = await tokenOf(user, 'admin:read admin:write');
    for (const [method, route] of adminRoutes(reportId)) expectError(await call(method, route, token), 403, NOT_ALLOWED);
  });

  it('answers 403 outside the authorized scopes to a token without admin scopes', async () => {
    const token = await tokenOf(user, 'read write');
    for (const [method, route] of adminRoutes(reportId)) expectError(await call(method, route, token), 403, OUTSIDE_SCOPES);
  });

  it('shows the everyone role on verify_credentials', async () => {
    expect((await api.get<JsonObject>('/api/v1/accounts/verify_credentials', { token: user.token })).body.role).toEqual({ id: '-99', name: '', permissions: '0', color: '', highlighted: false });
  });
});

describe("moderators (the target's Moderator)", () => {
  let moderatorId: string;
  let moderatorToken: string;
  let reporter: TestUser;
  let target: TestUser;
  let status: MastodonStatus;

  beforeAll(async () => {
    [reporter, target] = await Promise.all([rig.newUser('reporter'), rig.newUser('target')]);
    moderatorToken = await staffToken('Moderator', 'read admin:read admin:write');
    moderatorId = await staffAccountId('Moderator');
    status = await rig.post(target.token, 'reported words');
  });

  it('shows the role on verify_credentials', async () => {
    const role = (await api.get<JsonObject>('/api/v1/accounts/verify_credentials', { token: moderatorToken })).body.role;
    expect(role).toEqual({ id: expect.stringMatching(ID), name: 'Moderator', permissions: '1308', color: '', highlighted: true });
  });

  it('lists, assigns, resolves and reopens a report; the moderator got admin.report', async () => {
    const filed = await fileReport(reporter, { account_id: target.account.id, status_ids: [status.id], comment: 'rude', category: 'violation' });
    expectJson(filed, 200);
    const id = filed.body.id as string;

    // Every moderator is told of every report: other suites' reports may come first on a shared target.
    const notification = await eventually(async () => {
      const notifications = await api.get<JsonObject[]>('/api/v1/notifications', { token: moderatorToken, query: { types: ['admin.report'], limit: '40' } });
      expectJson(notifications, 200);
      return notifications.body.find((entry) => (entry.report as JsonObject | undefined)?.id === id) ?? false;
    }, { timeoutMs: 15_000 });
    expect(notification).toMatchObject({
      type: 'admin.report', account: { id: reporter.account.id }, report: { id, category: 'violation', comment: 'rude', target_account: { id: target.account.id } },
    });

    const listed = await api.get<JsonObject[]>('/api/v1/admin/reports', { token: moderatorToken, query: { target_account_id: target.account.id } });
    expectJson(listed, 200);
    expect(listed.body.map((report) => report.id)).toEqual([id]);
    expect(listed.body[0]).toMatchObject({
      id, action_taken: false, category: 'violation', comment: 'rude', assigned_account: null, action_taken_by_account: null, rules: [],
      account: { id: reporter.account.id, username: reporter.username, email: reporter.email, domain: null, role: { id: '-99' }, account: { id: reporter.account.id } },
      target_account: { id: target.account.id, email: target.email },
      statuses: [{ id: status.id, content: expect.stringContaining('reported words') }],
    });

    const assigned = await api.postForm<JsonObject>(`/api/v1/admin/reports/${id}/assign_to_self`, {}, { token: moderatorToken });
    expectJson(assigned, 200);
    expect(assigned.body.assigned_account).toMatchObject({ id: moderatorId, role: { name: 'Moderator' } });

    const unassigned = await api.postForm<JsonObject>(`/api/v1/admin/reports/${id}/unassign`, {}, { token: moderatorToken });
    expect(unassigned.body.assigned_account).toBeNull();

    const resolved = await api.postForm<JsonObject>(`/api/v1/admin/reports/${id}/resolve`, {}, { token: moderatorToken });
    expectJson(resolved, 200);
    expect(resolved.body).toMatchObject({ action_taken: true, action_taken_at: expect.stringMatching(ISO_MS), action_taken_by_account: { id: moderatorId } });
    const open = await api.get<JsonObject[]>('/api/v1/admin/reports', { token: moderatorToken, query: { target_account_id: target.account.id } });
    expect(open.body).toEqual([]);
    const closed = await api.get<JsonObject[]>('/api/v1/admin/reports', { token: moderatorToken, query: { target_account_id: target.account.id, resolved: 'true' } });
    expect(closed.body.map((report) => report.id)).toEqual([id]);

    const reopened = await api.postForm<JsonObject>(`/api/v1/admin/reports/${id}/reopen`, {}, { token: moderatorToken });
    expect(reopened.body).toMatchObject({ action_taken: false, action_taken_at: null, action_taken_by_account: null });
    expect((await api.get<JsonObject>(`/api/v1/admin/reports/${id}`, { token: moderatorToken })).body).toMatchObject({ id, action_taken: false });

  });

  it('filters by reporter and pages with Link headers', async () => {
    const other = await rig.newUser('target');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await fileReport(reporter, { account_id: other.account.id, comment: `r${i}` })).body.id as string);

    const first = await api.get<JsonObject[]>('/api/v1/admin/reports', { token: moderatorToken, query: { account_id: reporter.account.id, target_account_id: other.account.id, limit: '2' } });
    expect(first.body.map((report) => report.id)).toEqual([ids[2], ids[1]]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1] as string;
    expect(next).toContain(`max_id=${ids[1]}`);
    const url = new URL(next);
    expect((await api.get<JsonObject[]>(url.pathname + url.search, { token: moderatorToken })).body.map((report) => report.id)).toEqual([ids[0]]);
    expect((await api.get<JsonObject[]>('/api/v1/admin/reports', { token: moderatorToken, query: { account_id: target.account.id } })).body).toEqual([]);
  });

  // docs/api/moderation.md#handling-a-report: the category and the rules named, each only when given.
  it("changes a report's category with PUT; an unknown category or rule is 422 and changes nothing", async () => {
    const filed = await fileReport(reporter, { account_id: target.account.id, category: 'other' });
    const route = `/api/v1/admin/reports/${filed.body.id as string}`;

    const changed = await updateReport(route, { category: 'legal' }, moderatorToken);
    expectJson(changed, 200);
    expect(changed.body).toMatchObject({ id: filed.body.id, category: 'legal', rules: [] });
    // This target has no INSTANCE_RULES: every rule id is unknown (rules given: test/api/instance.e2e.test.ts).
    expectError(await updateReport(route, { rule_ids: ['1'] }, moderatorToken), 422, 'Validation failed: Rule ids is invalid');
    expectError(await updateReport(route, { category: 'rude' }, moderatorToken), 422, 'Validation failed: Category is not included in the list');
    expect((await api.get<JsonObject>(route, { token: moderatorToken })).body).toMatchObject({ category: 'legal' });
    expectError(await updateReport('/api/v1/admin/reports/999999999', { category: 'spam' }, moderatorToken), 404, RECORD_NOT_FOUND);
  });

  it('answers 404 for a report that does not exist', async () => {
    expectError(await api.get('/api/v1/admin/reports/999999999', { token: moderatorToken }), 404, RECORD_NOT_FOUND);
    expectError(await api.postForm('/api/v1/admin/reports/nonsense/resolve', {}, { token: moderatorToken }), 404, RECORD_NOT_FOUND);
  });

  it('lists accounts for a role with manage_users: Admin::Account, filtered by username, e-mail, status and staff', async () => {
    const list = (query: Record<string, string>) => api.get<JsonObject[]>('/api/v2/admin/accounts', { token: moderatorToken, query });

    const byName = await list({ username: reporter.username.toUpperCase() });
    expectJson(byName, 200);
    expect(byName.body).toEqual([{
      id: reporter.account.id, username: reporter.username, domain: null, created_at: expect.stringMatching(ISO_MS), email: reporter.email,
      // The address it signed up from.
      ip: expect.stringMatching(/127\.0\.0\.1/), ips: [{ ip: expect.stringMatching(/127\.0\.0\.1/), used_at: expect.stringMatching(ISO_MS) }], locale: 'en', invite_request: null, role: { id: '-99', name: '', permissions: '0', color: '', highlighted: false },
      confirmed: expect.any(Boolean), approved: true, disabled: false, sensitized: false, silenced: false, suspended: false,
      account: expect.objectContaining({ id: reporter.account.id, username: reporter.username }),
    }]);
    expect((await list({ email: target.email.toUpperCase() })).body.map((account) => account.id)).toEqual([target.account.id]);
    const staff = (await list({ permissions: 'staff', origin: 'local', status: 'active' })).body;
    expect(staff.map((account) => account.id)).toContain(moderatorId);
    expect(staff.map((account) => account.id)).not.toContain(reporter.account.id);
    expect((await list({ username: reporter.username, status: 'suspended' })).body).toEqual([]);
    expect((await list({ origin: 'remote' })).body).toEqual([]);
    expectError(await list({ status: 'asleep' }), 422, 'Validation failed: Status is not included in the list');

    const page = await list({ limit: '1', permissions: 'staff' });
    expect(page.body).toHaveLength(1);
    expect(page.headers.link).toMatch(/<[^>]+\/api\/v2\/admin\/accounts\?limit=1&max_id=\d+&permissions=staff>; rel="next"/);

    const one = await api.get<JsonObject>(`/api/v1/admin/accounts/${moderatorId}`, { token: moderatorToken });
    expectJson(one, 200);
    expect(one.body).toMatchObject({ id: moderatorId, email: staffAccount('Moderator').email, role: { name: 'Moderator', permissions: '1308' } });
    expectError(await api.get('/api/v1/admin/accounts/999999999', { token: moderatorToken }), 404, RECORD_NOT_FOUND);
  });
});

describeWithDatabase("the admin CLI's roles and the audit log (the target's database)", () => {
  const sql = connectDatabase();
  let reporter: TestUser;

  function admin(...args: string[]): Promise<Run> {
    const env: Record<string, string> = { DATABASE_URL: DATABASE_URL as string, LOG_LEVEL: 'warn' };
    if (process.env.E2E_REDIS_URL) env.REDIS_URL = process.env.E2E_REDIS_URL;
    if (process.env.E2E_REDIS_NAMESPACE) env.REDIS_NAMESPACE = process.env.E2E_REDIS_NAMESPACE;
    return runCommand(process.execPath, [ADMIN_CLI, ...args], env);
  }

  beforeAll(async () => {
    reporter = await rig.newUser('reporter');
  });

  it('grants a role; each report action is an audit row, listed by audit-log', async () => {
    const [moderator, target] = await Promise.all([rig.newUser('mod', ADMIN_SCOPES), rig.newUser('target')]);
    const granted = await admin('role', 'set', moderator.username, 'Moderator');
    expect(granted).toMatchObject({ code: 0, stdout: `${moderator.username} is now Moderator.\n` });
    // A new token: its principal is read after the grant.
    const token = await tokenOf(moderator, 'read admin:read admin:write');
    const id = (await fileReport(reporter, { account_id: target.account.id })).body.id as string;
    for (const action of ['assign_to_self', 'unassign', 'resolve', 'reopen']) expectJson(await api.postForm(`/api/v1/admin/reports/${id}/${action}`, {}, { token }), 200);

    const rows = await sql.query(
      `SELECT action, target_type, target_id::text, account_id::text FROM admin_action_logs WHERE target_type = 'Report' AND target_id = $1::bigint ORDER BY id`,
      [id],
    );
    expect(rows.rows).toEqual(['assigned_to_self', 'unassigned', 'resolve', 'reopen'].map((action) => ({ action, target_type: 'Report', target_id: id, account_id: moderator.account.id })));
    const log = await admin('audit-log', '--account', moderator.username, '--limit', '4');
    expect(log.code).toBe(0);
    expect(log.stdout.split('\n').slice(0, 4).map((line) => line.split('  ')[2])).toEqual(['reopen', 'resolve', 'unassigned', 'assigned_to_self']);
    expect(log.stdout).toContain(`Report ${id}`);
  });

  it('takes the role away with role remove: back to the everyone role, and the admin routes answer 403', async () => {
    const demoted = await rig.newUser('demoted', ADMIN_SCOPES);
    expect((await admin('role', 'set', demoted.username, 'admin')).stdout).toBe(`${demoted.username} is now Admin.\n`);
    const token = await tokenOf(demoted, 'read admin:read');
    expectJson(await api.get('/api/v1/admin/reports', { token }), 200);

    expect(await admin('role', 'remove', demoted.username)).toMatchObject({ code: 0, stdout: `${demoted.username} is no longer Admin.\n` });
    expect((await api.get<JsonObject>('/api/v1/accounts/verify_credentials', { token })).body.role).toMatchObject({ id: '-99', name: '' });
    // The live token's principal is read again once the change reaches the server (through Redis).
    await eventually(async () => (await api.get('/api/v1/admin/reports', { token })).status === 403, { timeoutMs: 15_000, intervalMs: 100 });
    const rows = await sql.query(`SELECT action, account_id, details FROM admin_action_logs WHERE target_type = 'User' AND details LIKE $1 ORDER BY id`, [`${demoted.username}:%`]);
    expect(rows.rows).toEqual([
      { action: 'change_role', account_id: null, details: `${demoted.username}: none -> Admin` },
      { action: 'remove_role', account_id: null, details: `${demoted.username}: Admin -> none` },
    ]);
  });

  it('refuses an unknown role, naming the roles', async () => {
    const run = await admin('role', 'set', reporter.username, 'Janitor');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No role Janitor (roles: Owner, Admin, Moderator)');
  });
});
