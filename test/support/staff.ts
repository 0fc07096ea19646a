// The target's staff (an Admin and a Moderator), made with the admin CLI before it started
// (packages/testkit/src/staff.ts), and their tokens with admin scopes: moderation tests on every target.
import { STAFF_ENV, type MastodonToken, type StaffAccount } from '@social/testkit';
import { api, rig } from './server';

export const ADMIN_SCOPES = 'read write follow admin:read admin:write';
export const NOT_ALLOWED = 'This action is not allowed';

/** The target's Admin or Moderator: username, e-mail and password. */
export function staffAccount(role: StaffAccount['role']): StaffAccount {
  const all = JSON.parse(process.env[STAFF_ENV] ?? '[]') as StaffAccount[];
  const found = all.find((account) => account.role === role);
  if (!found) throw new Error(`no ${role} in ${STAFF_ENV}: the suite's global setup makes the target's staff (test/support/global-setup.ts)`);
  return found;
}

const tokens = new Map<string, Promise<string>>();

/** A password-grant token of the target's Admin or Moderator, with these scopes (one per role and scopes, per file). */
export function staffToken(role: StaffAccount['role'], scope = ADMIN_SCOPES): Promise<string> {
  const key = `${role} ${scope}`;
  if (!tokens.has(key)) {
    tokens.set(key, (async () => {
      const account = staffAccount(role);
      const app = await rig.registerApp(ADMIN_SCOPES);
      const response = await api.postForm<MastodonToken>('/oauth/token', {
        grant_type: 'password', client_id: app.client_id, client_secret: app.client_secret, username: account.email, password: account.password, scope,
      });
      if (response.status !== 200) throw new Error(`${role} token (${scope}) answered ${response.status}: ${response.text}`);
      return response.body.access_token;
    })());
  }
  return tokens.get(key) as Promise<string>;
}

/** The staff account's id (from its own verify_credentials). */
export async function staffAccountId(role: StaffAccount['role']): Promise<string> {
  return (await rig.verifyCredentials(await staffToken(role))).id;
}

/** POST /api/v1/admin/accounts/:id/action as a staff member; the response as it came. */
export async function moderate(accountId: string, fields: Record<string, string>, role: StaffAccount['role'] = 'Moderator') {
  return api.postForm<Record<string, unknown>>(`/api/v1/admin/accounts/${accountId}/action`, fields, { token: await staffToken(role) });
}

/** POST /api/v1/admin/accounts/:id/<undo> (enable, unsilence, unsuspend, unsensitive, approve, reject) as a staff member. */
export async function adminAccountAction(accountId: string, action: string, role: StaffAccount['role'] = 'Moderator') {
  return api.postForm<Record<string, unknown>>(`/api/v1/admin/accounts/${accountId}/${action}`, {}, { token: await staffToken(role) });
}
