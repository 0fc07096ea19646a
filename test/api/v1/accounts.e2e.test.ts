// POST /api/v1/accounts (sign-up), GET /api/v1/accounts/verify_credentials, GET /api/v1/accounts/:id.
// docs/api/accounts.md; docs/api/client-compatibility.md#responses (every documented key present).
import { emailOf, TEST_PASSWORD, uniqueUsername, type ApiResponse, type CredentialApplication, type MastodonToken, type TestUser } from '@social/testkit';
import { expectedAccount, expectedCredentialAccount } from '../../support/entities';
import {
  OUTSIDE_SCOPES,
  RECORD_NOT_FOUND,
  URL_SAFE_SECRET,
  USER_REQUIRED,
  expectError,
  expectInvalidToken,
  expectJson,
  expectRecentSeconds,
} from '../../support/expectations';
import { api, baseUrl, rig } from '../../support/server';

const APP_SCOPES = 'read write follow push';

function signUpFields(username: string, overrides: Record<string, string> = {}) {
  return { username, email: emailOf(username), password: TEST_PASSWORD, agreement: 'true', locale: 'en', ...overrides };
}

/** The UTC dates of a sign-up that happens between now and the end of the test. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

describe('POST /api/v1/accounts', () => {
  let app: CredentialApplication;
  let appToken: string;

  beforeAll(async () => {
    app = await rig.registerApp(APP_SCOPES);
    appToken = await rig.appToken(app, 'write');
  });

  async function expectUsableToken(response: ApiResponse<MastodonToken>, username: string) {
    expectJson(response, 200);
    expect(response.body).toEqual({
      access_token: expect.stringMatching(URL_SAFE_SECRET),
      token_type: 'Bearer',
      scope: APP_SCOPES,
      created_at: expect.any(Number),
    });
    expectRecentSeconds(response.body.created_at);
    const account = await api.get('/api/v1/accounts/verify_credentials', { token: response.body.access_token });
    expectJson(account, 200);
    expect(account.body).toMatchObject({ username, acct: username });
  }

  describe('with an app token and a JSON body (masto.js)', () => {
    it("answers 200 with a token of the app's scopes that works at once", async () => {
      const username = uniqueUsername('json');

      const response = await api.postJson<MastodonToken>('/api/v1/accounts', { ...signUpFields(username), agreement: true }, { token: appToken });

      await expectUsableToken(response, username);
    });
  });

  describe('with an app token and a form body', () => {
    it("answers 200 with a token of the app's scopes that works at once", async () => {
      const username = uniqueUsername('form');

      const response = await api.postForm<MastodonToken>('/api/v1/accounts', signUpFields(username), { token: appToken });

      await expectUsableToken(response, username);
    });
  });

  describe('with an app token and a multipart body', () => {
    it("answers 200 with a token of the app's scopes that works at once", async () => {
      const username = uniqueUsername('multipart');

      const response = await api.postMultipart<MastodonToken>('/api/v1/accounts', signUpFields(username, { agreement: '1' }), {
        token: appToken,
      });

      await expectUsableToken(response, username);
    });
  });

  describe('with a username that is already taken', () => {
    it('answers 422 with the message and details ERR_TAKEN', async () => {
      const username = uniqueUsername('taken');
      await rig.signUp(appToken, username);

      const response = await api.postForm('/api/v1/accounts', signUpFields(username, { email: emailOf(`${username}x`) }), { token: appToken });

      expectJson(response, 422);
      expect(response.body).toEqual({
        error: 'Validation failed: Username has already been taken',
        details: { username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }] },
      });
    });
  });

  describe('with an e-mail address that is not one', () => {
    it('answers 422 with details ERR_INVALID on email, and creates no account', async () => {
      const username = uniqueUsername('bademail');

      const response = await api.postForm('/api/v1/accounts', signUpFields(username, { email: 'not-an-email' }), { token: appToken });

      expectJson(response, 422);
      expect(response.body).toEqual({
        error: 'Validation failed: Email is invalid',
        details: { email: [{ error: 'ERR_INVALID', description: 'is invalid' }] },
      });
      await expect(rig.signUp(appToken, username)).resolves.toMatch(URL_SAFE_SECRET);
    });
  });

  describe('with a password shorter than 8 characters', () => {
    it('answers 422 with details ERR_TOO_SHORT on password', async () => {
      const response = await api.postForm('/api/v1/accounts', signUpFields(uniqueUsername('shortpw'), { password: 'short' }), {
        token: appToken,
      });

      expectJson(response, 422);
      expect(response.body).toEqual({
        error: 'Validation failed: Password is too short (minimum is 8 characters)',
        details: { password: [{ error: 'ERR_TOO_SHORT', description: 'is too short (minimum is 8 characters)' }] },
      });
    });
  });

  describe('without the agreement', () => {
    it('answers 422 with details ERR_ACCEPTED on agreement', async () => {
      const fields: Record<string, string> = signUpFields(uniqueUsername('noagree'));
      delete fields.agreement;

      const response = await api.postForm('/api/v1/accounts', fields, { token: appToken });

      expectJson(response, 422);
      expect(response.body).toEqual({
        error: 'Validation failed: Agreement must be accepted',
        details: { agreement: [{ error: 'ERR_ACCEPTED', description: 'must be accepted' }] },
      });
    });
  });

  describe('with agreement "false"', () => {
    it('answers 422 Agreement must be accepted', async () => {
      const response = await api.postForm('/api/v1/accounts', signUpFields(uniqueUsername('falseagree'), { agreement: 'false' }), {
        token: appToken,
      });

      expectJson(response, 422);
      expect(response.body).toMatchObject({ error: 'Validation failed: Agreement must be accepted' });
    });
  });

  describe('with every field blank', () => {
    it('answers 422 listing each problem in the message and in details', async () => {
      const response = await api.postForm('/api/v1/accounts', { username: '', email: '', password: '' }, { token: appToken });

      expectJson(response, 422);
      expect(response.body).toEqual({
        error: "Validation failed: Username can't be blank, Email can't be blank, Password can't be blank, Agreement must be accepted",
        details: {
          username: [{ error: 'ERR_BLANK', description: "can't be blank" }],
          email: [{ error: 'ERR_BLANK', description: "can't be blank" }],
          password: [{ error: 'ERR_BLANK', description: "can't be blank" }],
          agreement: [{ error: 'ERR_ACCEPTED', description: 'must be accepted' }],
        },
      });
    });
  });

  describe('with a user token instead of an app token', () => {
    it('answers 403 This method requires an client credentials authentication', async () => {
      const user = await rig.newUser('signupuser');

      const response = await api.postForm('/api/v1/accounts', signUpFields(uniqueUsername('byuser')), { token: user.token });

      expectError(response, 403, 'This method requires an client credentials authentication');
    });
  });

  describe('with an app token of scope read only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const readToken = await rig.appToken(app, 'read');

      const response = await api.postForm('/api/v1/accounts', signUpFields(uniqueUsername('readonly')), { token: readToken });

      expectError(response, 403, OUTSIDE_SCOPES);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.postForm('/api/v1/accounts', signUpFields(uniqueUsername('notoken'))));
    });
  });
});

describe('GET /api/v1/accounts/verify_credentials', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('verify', 'read write follow push profile');
  });

  describe('with the user token from sign-up', () => {
    it('answers 200 with the CredentialAccount, source and role included', async () => {
      const response = await api.get('/api/v1/accounts/verify_credentials', { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedCredentialAccount(baseUrl, { id: user.account.id, username: user.username }));
    });
  });

  describe('with a token of scope profile only', () => {
    it('answers 200 with the CredentialAccount', async () => {
      const token = await rig.passwordToken(user.app, user.email, user.password, 'profile');

      const response = await api.get('/api/v1/accounts/verify_credentials', { token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: user.account.id });
    });
  });

  describe('with a token of scope write only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(user.app, user.email, user.password, 'write');

      expectError(await api.get('/api/v1/accounts/verify_credentials', { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(user.app, 'read');

      expectError(await api.get('/api/v1/accounts/verify_credentials', { token }), 422, USER_REQUIRED);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/accounts/verify_credentials'));
    });
  });

  describe('with an invalid token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/accounts/verify_credentials', { token: 'invalid-token-value' }));
    });
  });
});

describe('GET /api/v1/accounts/:id', () => {
  let user: TestUser;
  let signedUpOn: string[];

  beforeAll(async () => {
    const before = today();
    user = await rig.newUser('shown');
    signedUpOn = [before, today()];
  });

  describe('anonymously, for an account without statuses', () => {
    it('answers 200 with the Account: no source, no role, created_at at midnight with milliseconds', async () => {
      const response = await api.get(`/api/v1/accounts/${user.account.id}`);

      expectJson(response, 200);
      expect(response.body).toEqual(expectedAccount(baseUrl, { id: user.account.id, username: user.username }));
      expect(signedUpOn.map((day) => `${day}T00:00:00.000Z`)).toContain(response.body.created_at);
    });

    it('has every key Mastodon documents for an Account', async () => {
      const response = await api.get(`/api/v1/accounts/${user.account.id}`);

      expect(Object.keys(response.body).sort()).toEqual(
        expect.arrayContaining([
          'id', 'username', 'acct', 'display_name', 'locked', 'bot', 'discoverable', 'indexable', 'group', 'created_at', 'note',
          'url', 'uri', 'avatar', 'avatar_static', 'header', 'header_static', 'followers_count', 'following_count',
          'statuses_count', 'last_status_at', 'hide_collections', 'noindex', 'emojis', 'fields',
        ]),
      );
    });
  });

  describe('after the account posted a status', () => {
    it("answers with statuses_count 1 and last_status_at as today's date", async () => {
      const poster = await rig.newUser('poster');
      await rig.post(poster.token, 'first post');

      const response = await api.get(`/api/v1/accounts/${poster.account.id}`, { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedAccount(baseUrl, { id: poster.account.id, username: poster.username }, { statuses_count: 1, last_status_at: today() }),
      );
    });
  });

  describe('for an id that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get('/api/v1/accounts/1234567890123'), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for an id that is not a number', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get('/api/v1/accounts/not-a-number'), 404, RECORD_NOT_FOUND);
    });
  });
});
