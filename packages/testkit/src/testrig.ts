import { randomBytes } from 'node:crypto';
import type { CredentialApplication, MastodonAccount, MastodonStatus, MastodonToken } from './entities';
import { ApiClient, client, type ApiResponse, type FormFields } from './http-client';

/** The out-of-band redirect URI (the token is copied by hand). */
export const OOB_URI = 'urn:ietf:wg:oauth:2.0:oob';
/** Every user the fixtures sign up gets this password. */
export const TEST_PASSWORD = 'correct horse battery staple';
export const ALL_SCOPES = 'read write follow push';

let sequence = 0;

/** A username no other test of this run uses: `[a-z0-9_]`, at most 30 characters. */
export function uniqueUsername(prefix = 'user'): string {
  sequence += 1;
  const clean = prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 16);
  return `${clean}_${sequence.toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 30);
}

export function emailOf(username: string): string {
  return `${username}@example.com`;
}

/** A fixture call that did not answer as expected. */
export class FixtureError extends Error {
  constructor(what: string, response: ApiResponse<unknown>) {
    super(`${what} answered ${response.status}: ${response.text.slice(0, 500)}`);
    this.name = 'FixtureError';
  }
}

function expect200<T>(what: string, response: ApiResponse<T>): T {
  if (response.status !== 200) throw new FixtureError(what, response);
  return response.body;
}

export interface TestUser {
  username: string;
  email: string;
  password: string;
  /** The user token from sign-up (the app's scopes). */
  token: string;
  app: CredentialApplication;
  account: MastodonAccount;
}

/**
 * Fixtures over the real API, named after what a client does (as GoToSocial's
 * testrig): register an app, get an app token, sign up, post.
 */
export class Testrig {
  readonly api: ApiClient;

  constructor(baseUrlOrClient: string | ApiClient) {
    this.api = typeof baseUrlOrClient === 'string' ? client(baseUrlOrClient) : baseUrlOrClient;
  }

  async registerApp(scopes = ALL_SCOPES, fields: FormFields = {}): Promise<CredentialApplication> {
    const response = await this.api.postForm<CredentialApplication>('/api/v1/apps', {
      client_name: 'e2e fixture',
      redirect_uris: OOB_URI,
      scopes,
      ...fields,
    });
    return expect200('POST /api/v1/apps', response);
  }

  /** A client_credentials token of the app (no user). */
  async appToken(app: CredentialApplication, scope = 'read write'): Promise<string> {
    const response = await this.api.postForm<MastodonToken>('/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
      redirect_uri: OOB_URI,
      scope,
    });
    return expect200('POST /oauth/token (client_credentials)', response).access_token;
  }

  /** Signs up `username` (e-mail `<username>@example.com`, the test password) and returns the user token. */
  async signUp(appToken: string, username: string, fields: FormFields = {}): Promise<string> {
    const response = await this.api.postForm<MastodonToken>(
      '/api/v1/accounts',
      { username, email: emailOf(username), password: TEST_PASSWORD, agreement: 'true', locale: 'en', ...fields },
      { token: appToken },
    );
    return expect200(`POST /api/v1/accounts (${username})`, response).access_token;
  }

  /** The password grant: the username is the e-mail address. */
  async passwordToken(app: CredentialApplication, email: string, password = TEST_PASSWORD, scope?: string): Promise<string> {
    const response = await this.api.postForm<MastodonToken>('/oauth/token', {
      grant_type: 'password',
      client_id: app.client_id,
      client_secret: app.client_secret,
      username: email,
      password,
      scope,
    });
    return expect200('POST /oauth/token (password)', response).access_token;
  }

  /** Publishes a status; `params` is the form (or just the text). */
  async post(userToken: string, params: FormFields | string): Promise<MastodonStatus> {
    const fields = typeof params === 'string' ? { status: params } : params;
    return expect200('POST /api/v1/statuses', await this.api.postForm<MastodonStatus>('/api/v1/statuses', fields, { token: userToken }));
  }

  async verifyCredentials(userToken: string): Promise<MastodonAccount> {
    return expect200('GET /api/v1/accounts/verify_credentials', await this.api.get<MastodonAccount>('/api/v1/accounts/verify_credentials', { token: userToken }));
  }

  /** A new app and a new user signed up through it, with the user's account. */
  async newUser(prefix = 'user', scopes = ALL_SCOPES): Promise<TestUser> {
    const app = await this.registerApp(scopes);
    const username = uniqueUsername(prefix);
    const token = await this.signUp(await this.appToken(app, scopes.includes('write') ? 'write' : scopes), username);
    return { username, email: emailOf(username), password: TEST_PASSWORD, token, app, account: await this.verifyCredentials(token) };
  }
}
