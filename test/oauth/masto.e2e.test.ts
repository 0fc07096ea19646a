// masto.js (npm `masto` 8), a real client library, through its whole OAuth flow against the server:
// createRestAPIClient registers the app and signs up, createOAuthAPIClient obtains tokens (client
// credentials, password, authorization code) and revokes them. docs/api/oauth.md; docs/api/client-compatibility.md.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { OOB_URI, uniqueUsername, emailOf, TEST_PASSWORD } from '@social/testkit';
import { authorizeOverHttp, Browserish } from '../support/oauth-flow';
import { api, baseUrl } from '../support/server';

const run = promisify(execFile);
const SCRIPT = path.join(__dirname, '../support/clients/masto-oauth.mjs');

type Outcome<T> = { ok: true; result: T } | { ok: false; error: { name: string; message: string; statusCode: number | null } };

/** One masto.js call in its own Node process (masto is ESM-only). */
async function masto<T = Record<string, unknown>>(call: string, params?: object, accessToken?: string): Promise<Outcome<T>> {
  const { stdout } = await run(process.execPath, [SCRIPT, JSON.stringify({ url: baseUrl, call, params, accessToken })], { timeout: 20_000 });
  return JSON.parse(stdout) as Outcome<T>;
}

function succeeded<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`masto.js failed: ${JSON.stringify(outcome.error)}`);
  return outcome.result;
}

interface MastoApp { clientId: string; clientSecret: string; name: string }
interface MastoToken { accessToken: string; tokenType: string; scope: string; createdAt: number }

const TOKEN = { accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), tokenType: 'Bearer', scope: expect.any(String), createdAt: expect.any(Number) };

describe('masto.js createOAuthAPIClient', () => {
  let app: MastoApp;
  let appToken: MastoToken;
  const username = uniqueUsername('masto');

  beforeAll(async () => {
    app = succeeded(await masto<MastoApp>('apps.create', { clientName: 'masto.js e2e', redirectUris: OOB_URI, scopes: 'read write follow' }));
    appToken = succeeded(await masto<MastoToken>('token.create', {
      grantType: 'client_credentials', clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: OOB_URI, scope: 'read write',
    }));
    succeeded(await masto('accounts.create', { username, email: emailOf(username), password: TEST_PASSWORD, agreement: true, locale: 'en' }, appToken.accessToken));
  }, 60_000);

  describe('token.create with grant_type client_credentials', () => {
    it('resolves the Token, which apps.verifyCredentials accepts', async () => {
      expect(appToken).toEqual({ ...TOKEN, scope: 'read write' });

      const verified = succeeded(await masto<{ name: string }>('apps.verifyCredentials', undefined, appToken.accessToken));
      expect(verified.name).toBe('masto.js e2e');
    });
  });

  describe('token.create with grant_type password', () => {
    it("resolves the user's Token, which accounts.verifyCredentials accepts", async () => {
      const token = succeeded(await masto<MastoToken>('token.create', {
        grantType: 'password', clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: OOB_URI,
        username: emailOf(username), password: TEST_PASSWORD, scope: 'read',
      }));

      expect(token).toEqual({ ...TOKEN, scope: 'read' });
      expect(succeeded(await masto<{ username: string }>('accounts.verifyCredentials', undefined, token.accessToken)).username).toBe(username);
    });

    it('rejects a wrong password with the HTTP status 400', async () => {
      const outcome = await masto('token.create', {
        grantType: 'password', clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: OOB_URI, username: emailOf(username), password: 'wrong',
      });

      expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ statusCode: 400 }) });
    });
  });

  describe('token.create with grant_type authorization_code', () => {
    it('exchanges a code approved on the authorize page for a Token', async () => {
      const approval = await authorizeOverHttp(new Browserish(api), {
        app: { client_id: app.clientId } as never, redirectUri: OOB_URI, scope: 'read write', email: emailOf(username), password: TEST_PASSWORD,
      });
      const code = new URL(approval.headers.location as string).searchParams.get('code');

      const token = succeeded(await masto<MastoToken>('token.create', {
        grantType: 'authorization_code', clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: OOB_URI, code, scope: 'read write',
      }));

      expect(token).toEqual({ ...TOKEN, scope: 'read write' });
    });
  });

  describe('revoke', () => {
    it('resolves, after which the token is refused with 401', async () => {
      const token = succeeded(await masto<MastoToken>('token.create', {
        grantType: 'password', clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: OOB_URI, username: emailOf(username), password: TEST_PASSWORD,
      }));

      expect(await masto('revoke', { clientId: app.clientId, clientSecret: app.clientSecret, token: token.accessToken })).toEqual({ ok: true, result: {} });
      expect(await masto('accounts.verifyCredentials', undefined, token.accessToken)).toEqual({ ok: false, error: expect.objectContaining({ statusCode: 401 }) });
    });

    it("rejects with 403 when another client's credentials are used", async () => {
      const other = succeeded(await masto<MastoApp>('apps.create', { clientName: 'other', redirectUris: OOB_URI }));

      const outcome = await masto('revoke', { clientId: other.clientId, clientSecret: other.clientSecret, token: appToken.accessToken });

      expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ statusCode: 403 }) });
    });
  });
});
