// POST /oauth/token: client_credentials, password and authorization_code (PKCE) grants, RFC 6749 errors.
// docs/api/oauth.md#token; docs/api/client-compatibility.md#responses (token response); RFC 7636.
import { OOB_URI, type ApiResponse, type CredentialApplication, type MastodonToken, type TestUser } from '@social/testkit';
import { URL_SAFE_SECRET, expectJson, expectOAuthError, expectRecentSeconds } from '../support/expectations';
import { authorizeOverHttp, Browserish, pkcePair } from '../support/oauth-flow';
import { api, rig } from '../support/server';

const INVALID_CLIENT =
  'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.';
const INVALID_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';
const INVALID_SCOPE = 'The requested scope is invalid, unknown, or malformed.';
const UNSUPPORTED_GRANT_TYPE = 'The authorization grant type is not supported by the authorization server.';

function expectTokenResponse(response: ApiResponse<MastodonToken>, scope: string): void {
  expectJson(response, 200);
  expect(response.body).toEqual({
    access_token: expect.stringMatching(URL_SAFE_SECRET),
    token_type: 'Bearer',
    scope,
    created_at: expect.any(Number),
  });
  expectRecentSeconds(response.body.created_at);
  expect(response.headers['cache-control']).toMatch(/no-store/);
}

describe('POST /oauth/token', () => {
  let app: CredentialApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await rig.registerApp('read write follow push');
    user = await rig.newUser('tokenuser');
  });

  describe('grant_type client_credentials with a form body', () => {
    it('answers 200 with a Bearer token of the requested scope, created_at in seconds, not cacheable', async () => {
      const response = await api.postForm<MastodonToken>('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
        redirect_uri: OOB_URI,
        scope: 'read write',
      });

      expectTokenResponse(response, 'read write');
    });

    it('issues a token that GET /api/v1/apps/verify_credentials accepts at once', async () => {
      const token = await rig.appToken(app, 'read');

      const response = await api.get('/api/v1/apps/verify_credentials', { token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: app.id });
    });
  });

  describe('grant_type client_credentials without a scope', () => {
    it('grants the default scope read', async () => {
      const response = await api.postForm<MastodonToken>('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
        redirect_uri: OOB_URI,
      });

      expectTokenResponse(response, 'read');
    });
  });

  describe('grant_type client_credentials with a JSON body', () => {
    it('answers 200 with the token', async () => {
      const response = await api.postJson<MastodonToken>('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
        scope: 'write',
      });

      expectTokenResponse(response, 'write');
    });
  });

  describe('grant_type client_credentials with HTTP Basic client authentication', () => {
    it('answers 200 with the token', async () => {
      const basic = Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64');

      const response = await api.postForm<MastodonToken>('/oauth/token', { grant_type: 'client_credentials', scope: 'read' }, {
        headers: { authorization: `Basic ${basic}` },
      });

      expectTokenResponse(response, 'read');
    });
  });

  describe('grant_type password with the e-mail address as username', () => {
    it('answers 200 with a token of the user that verify_credentials accepts', async () => {
      const response = await api.postForm<MastodonToken>('/oauth/token', {
        grant_type: 'password',
        client_id: user.app.client_id,
        client_secret: user.app.client_secret,
        username: user.email,
        password: user.password,
        scope: 'read write',
      });

      expectTokenResponse(response, 'read write');
      const account = await api.get('/api/v1/accounts/verify_credentials', { token: response.body.access_token });
      expectJson(account, 200);
      expect(account.body).toMatchObject({ id: user.account.id, username: user.username });
    });
  });

  describe('grant_type password with a wrong password', () => {
    it('answers 400 invalid_grant', async () => {
      const response = await api.postForm('/oauth/token', {
        grant_type: 'password',
        client_id: user.app.client_id,
        client_secret: user.app.client_secret,
        username: user.email,
        password: 'wrong password entirely',
      });

      expectOAuthError(response, 400, 'invalid_grant', INVALID_GRANT);
    });
  });

  describe('grant_type password with an unknown e-mail address', () => {
    it('answers 400 invalid_grant, as for a wrong password', async () => {
      const response = await api.postForm('/oauth/token', {
        grant_type: 'password',
        client_id: user.app.client_id,
        client_secret: user.app.client_secret,
        username: 'nobody-here@example.com',
        password: user.password,
      });

      expectOAuthError(response, 400, 'invalid_grant', INVALID_GRANT);
    });
  });

  describe('with a wrong client secret', () => {
    it('answers 401 invalid_client with a WWW-Authenticate challenge', async () => {
      const response = await api.postForm('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: 'wrong-secret',
        scope: 'read',
      });

      expectOAuthError(response, 401, 'invalid_client', INVALID_CLIENT);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="Doorkeeper", error="invalid_client"/);
    });
  });

  describe('with an unknown client_id', () => {
    it('answers 401 invalid_client', async () => {
      const response = await api.postForm('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: 'no-such-client',
        client_secret: app.client_secret,
      });

      expectOAuthError(response, 401, 'invalid_client', INVALID_CLIENT);
    });
  });

  describe('without client credentials', () => {
    it('answers 401 invalid_client', async () => {
      const response = await api.postForm('/oauth/token', { grant_type: 'client_credentials' });

      expectOAuthError(response, 401, 'invalid_client', INVALID_CLIENT);
    });
  });

  describe('with an unknown grant_type', () => {
    it('answers 400 unsupported_grant_type', async () => {
      const response = await api.postForm('/oauth/token', {
        grant_type: 'implicit',
        client_id: app.client_id,
        client_secret: app.client_secret,
      });

      expectOAuthError(response, 400, 'unsupported_grant_type', UNSUPPORTED_GRANT_TYPE);
    });
  });

  describe('without grant_type', () => {
    it('answers 400 invalid_request naming the missing parameter', async () => {
      const response = await api.postForm('/oauth/token', { client_id: app.client_id, client_secret: app.client_secret });

      expectOAuthError(response, 400, 'invalid_request', 'Missing required parameter: grant_type.');
    });
  });

  describe('with a scope the app did not register', () => {
    it('answers 400 invalid_scope', async () => {
      const readOnly = await rig.registerApp('read');

      const response = await api.postForm('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: readOnly.client_id,
        client_secret: readOnly.client_secret,
        scope: 'read write',
      });

      expectOAuthError(response, 400, 'invalid_scope', INVALID_SCOPE);
    });
  });

  describe('with a scope no server knows', () => {
    it('answers 400 invalid_scope', async () => {
      const response = await api.postForm('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
        scope: 'read launch:missiles',
      });

      expectOAuthError(response, 400, 'invalid_scope', INVALID_SCOPE);
    });
  });

  describe('grant_type authorization_code', () => {
    const CALLBACK = 'https://client.example/callback';
    let codeApp: CredentialApplication;
    let codeUser: TestUser;

    beforeAll(async () => {
      codeApp = await rig.registerApp('read write follow', { redirect_uris: [CALLBACK, OOB_URI] });
      codeUser = await rig.newUser('codegrant');
    });

    /** A fresh code, approved on the authorize page, with its PKCE verifier. */
    async function approvedCode(scope = 'read write', redirectUri = CALLBACK): Promise<{ code: string; verifier: string }> {
      const { verifier, challenge } = pkcePair();
      const approval = await authorizeOverHttp(new Browserish(api), {
        app: codeApp, redirectUri, scope, codeChallenge: challenge, email: codeUser.email, password: codeUser.password,
      });
      const location = approval.headers.location as string;
      return { code: new URL(location).searchParams.get('code') as string, verifier };
    }

    const exchange = (fields: Record<string, string>) =>
      api.postForm<MastodonToken>('/oauth/token', {
        grant_type: 'authorization_code', redirect_uri: CALLBACK, client_id: codeApp.client_id, client_secret: codeApp.client_secret, ...fields,
      });

    describe('with the code, its PKCE verifier and the same redirect_uri', () => {
      it('answers 200 with a token of the approved scopes, for the user who approved', async () => {
        const { code, verifier } = await approvedCode('read follow');

        const response = await exchange({ code, code_verifier: verifier, scope: 'write' });

        expectTokenResponse(response, 'read follow');
        const account = await api.get('/api/v1/accounts/verify_credentials', { token: response.body.access_token });
        expect(account.body).toMatchObject({ id: codeUser.account.id });
      });
    });

    describe('with the out-of-band redirect URI', () => {
      it('answers 200 with the token for the code shown on the page', async () => {
        const { code, verifier } = await approvedCode('read', OOB_URI);

        expectTokenResponse(await exchange({ code, code_verifier: verifier, redirect_uri: OOB_URI }), 'read');
      });
    });

    describe('with a code already exchanged', () => {
      it('answers 400 invalid_grant', async () => {
        const { code, verifier } = await approvedCode();
        expect((await exchange({ code, code_verifier: verifier })).status).toBe(200);

        expectOAuthError(await exchange({ code, code_verifier: verifier }), 400, 'invalid_grant', INVALID_GRANT);
      });
    });

    describe('with the same code exchanged twice at once', () => {
      it('issues one token and refuses the other with invalid_grant', async () => {
        const { code, verifier } = await approvedCode();

        const responses = await Promise.all([exchange({ code, code_verifier: verifier }), exchange({ code, code_verifier: verifier })]);

        expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
      });
    });

    describe('with a wrong code_verifier', () => {
      it('answers 400 invalid_grant, and the code still works with the right one', async () => {
        const { code, verifier } = await approvedCode();

        expectOAuthError(await exchange({ code, code_verifier: pkcePair().verifier }), 400, 'invalid_grant', INVALID_GRANT);
        expect((await exchange({ code, code_verifier: verifier })).status).toBe(200);
      });
    });

    describe('without the code_verifier of a PKCE code', () => {
      it('answers 400 invalid_request naming code_verifier', async () => {
        const { code } = await approvedCode();

        expectOAuthError(await exchange({ code }), 400, 'invalid_request', 'Missing required parameter: code_verifier.');
      });
    });

    describe('with another redirect_uri than the one authorized', () => {
      it('answers 400 invalid_grant', async () => {
        const { code, verifier } = await approvedCode();

        expectOAuthError(await exchange({ code, code_verifier: verifier, redirect_uri: OOB_URI }), 400, 'invalid_grant', INVALID_GRANT);
      });
    });

    describe("with another client's credentials", () => {
      it('answers 400 invalid_grant', async () => {
        const { code, verifier } = await approvedCode();
        const other = await rig.registerApp('read write follow', { redirect_uris: CALLBACK });

        const response = await exchange({ code, code_verifier: verifier, client_id: other.client_id, client_secret: other.client_secret });

        expectOAuthError(response, 400, 'invalid_grant', INVALID_GRANT);
      });
    });

    describe('with a code never issued', () => {
      it('answers 400 invalid_grant', async () => {
        expectOAuthError(await exchange({ code: 'never-issued', code_verifier: pkcePair().verifier }), 400, 'invalid_grant', INVALID_GRANT);
      });
    });

    describe('without a code', () => {
      it('answers 400 invalid_request naming code', async () => {
        expectOAuthError(await exchange({}), 400, 'invalid_request', 'Missing required parameter: code.');
      });
    });
  });

  describe('grant_type client_credentials with a redirect_uri the app did not register', () => {
    it('answers 400 invalid_redirect_uri (a redirect_uri the app did not register)', async () => {
      const response = await api.postForm('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
        redirect_uri: 'https://elsewhere.example/callback',
      });

      expectOAuthError(response, 400, 'invalid_redirect_uri', 'The redirect uri included is not valid.');
    });
  });
});
