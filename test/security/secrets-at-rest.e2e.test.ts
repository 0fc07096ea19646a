// Issue #7, security: secrets are stored hashed. After an app registration, tokens of every
// grant (client_credentials, sign-up, password, authorization_code with PKCE), an authorization
// code and a password, no table holds any of them in plaintext: the design
// (prisma/schema.prisma) keeps sha256 of the client secret, of every token and of every code
// (256-bit random secrets need no slow hash) and a scrypt hash of the password.
// Needs the database (single and multi targets).
import { createHash } from 'node:crypto';
import { OOB_URI, TEST_PASSWORD, uniqueUsername, type MastodonToken } from '@social/testkit';
import { expectJson } from '../support/expectations';
import { Browserish, authorizeOverHttp, codeFrom, pkcePair } from '../support/oauth-flow';
import { api, rig } from '../support/server';
import { connectDatabase, describeWithDatabase } from '../support/database';

jest.setTimeout(60_000);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describeWithDatabase('secrets at rest', () => {
  const sql = connectDatabase();
  const secrets: Record<string, string> = {};
  let accountId: string;
  let clientId: string;

  beforeAll(async () => {
    const password = `${TEST_PASSWORD} ${uniqueUsername('pw')}`;
    const app = await rig.registerApp('read write follow push', { redirect_uris: `${OOB_URI}\nhttps://client.example/callback` });
    clientId = app.client_id;
    secrets.client_secret = app.client_secret;
    secrets.app_token = await rig.appToken(app, 'write');
    const username = uniqueUsername('secrets');
    secrets.sign_up_token = await rig.signUp(secrets.app_token, username, { password });
    secrets.password = password;
    secrets.password_grant_token = await rig.passwordToken(app, `${username}@example.com`, password, 'read');
    accountId = (await rig.verifyCredentials(secrets.sign_up_token)).id;

    const { verifier, challenge } = pkcePair();
    const approved = await authorizeOverHttp(new Browserish(api), {
      app, redirectUri: 'https://client.example/callback', scope: 'read', codeChallenge: challenge,
      email: `${username}@example.com`, password,
    });
    secrets.authorization_code = codeFrom(approved.headers.location);
    const exchanged = await api.postForm<MastodonToken>('/oauth/token', {
      grant_type: 'authorization_code', code: secrets.authorization_code, client_id: app.client_id, client_secret: app.client_secret,
      redirect_uri: 'https://client.example/callback', code_verifier: verifier,
    });
    expectJson(exchanged, 200);
    secrets.authorization_code_token = exchanged.body.access_token;
    // The tokens are real: each one works.
    for (const name of ['sign_up_token', 'password_grant_token', 'authorization_code_token']) {
      expectJson(await api.get('/api/v1/accounts/verify_credentials', { token: secrets[name] }), 200);
    }
  });

  it('no table of the database holds any secret in plaintext (every row of every table read)', async () => {
    const tables = await sql.query<{ name: string }>(
      "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.rows.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await sql.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${name} t`);
      for (const { row } of rows.rows) {
        for (const [kind, secret] of Object.entries(secrets)) if (row.includes(secret)) found.push(`${kind} in ${name}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('keeps sha256 of the client secret, of each token and of the code', async () => {
    const app = await sql.query('SELECT client_secret_hash FROM oauth_applications WHERE client_id = $1', [clientId]);
    expect(app.rows).toEqual([{ client_secret_hash: sha256(secrets.client_secret as string) }]);
    for (const name of ['app_token', 'sign_up_token', 'password_grant_token', 'authorization_code_token']) {
      const token = await sql.query('SELECT count(*)::int AS n FROM oauth_access_tokens WHERE token_hash = $1', [sha256(secrets[name] as string)]);
      expect({ name, rows: token.rows }).toEqual({ name, rows: [{ n: 1 }] });
    }
    const code = await sql.query('SELECT used_at IS NOT NULL AS used FROM oauth_authorization_codes WHERE code_hash = $1', [sha256(secrets.authorization_code as string)]);
    expect(code.rows).toEqual([{ used: true }]);
  });

  it('keeps the password as a salted scrypt hash', async () => {
    const user = await sql.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE account_id = $1', [accountId]);
    expect(user.rows).toHaveLength(1);
    const stored = user.rows[0]?.password_hash as string;
    // scrypt$N$r$p$salt$key, with a memory-hard cost (N >= 2^14).
    const match = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{22,})\$([A-Za-z0-9_-]{43,})$/.exec(stored);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(16384);
    expect(stored).not.toContain(sha256(secrets.password as string));
  });
});
