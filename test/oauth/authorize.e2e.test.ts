// GET and POST /oauth/authorize, POST /oauth/authorize/sign_in, GET /oauth/authorize/native: the
// authorize page over plain HTTP (no JavaScript), with its cookies and form tokens.
// docs/api/oauth.md#authorize; RFC 6749 4.1; RFC 7636. The browser walk is in authorize.browser.e2e.test.ts.
import { OOB_URI, type CredentialApplication, type TestUser } from '@social/testkit';
import { authorizeOverHttp, authorizePath, Browserish, codeFrom, formFields, pkcePair, type PageResponse } from '../support/oauth-flow';
import { api, rig } from '../support/server';

const CALLBACK = 'https://client.example/callback';
const ACCESS_DENIED = 'The resource owner or authorization server denied the request.';

function expectHtmlPage(response: PageResponse, status: number): void {
  expect({ status: response.status, contentType: response.headers['content-type'] }).toEqual({
    status,
    contentType: expect.stringMatching(/^text\/html; charset=utf-8$/i),
  });
  expect(response.text).toMatch(/^<!DOCTYPE html>/);
  expect(response.text).not.toMatch(/<script/i);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
}

function expectErrorPage(response: PageResponse, status: number, error: string, description: string): void {
  expectHtmlPage(response, status);
  expect(response.text).toContain('An error has occurred');
  expect(response.text).toContain(`<code>${error}</code>`);
  expect(response.text).toContain(description.replace(/'/g, '&#39;'));
}

describe('GET /oauth/authorize', () => {
  let app: CredentialApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await rig.registerApp('read write follow', { client_name: 'Authorize <Test>', redirect_uris: [CALLBACK, OOB_URI], website: 'https://client.example/' });
    user = await rig.newUser('authorizer');
  });

  describe('without a session', () => {
    let page: PageResponse;

    beforeAll(async () => {
      page = await new Browserish(api).get(authorizePath({ app, redirectUri: CALLBACK, scope: 'read write', state: 'st' }));
    });

    it('answers 200 with the sign-in form naming the application, escaped', () => {
      expectHtmlPage(page, 200);
      expect(page.text).toContain('<h1>Sign in</h1>');
      expect(page.text).toContain('Authorize &lt;Test&gt;');
      expect(page.text).toContain('<input type="password" id="password" name="password"');
    });

    it('carries the request and a form token in hidden fields', () => {
      expect(formFields(page.text, '/oauth/authorize/sign_in').hidden).toEqual({
        response_type: 'code',
        client_id: app.client_id,
        redirect_uri: CALLBACK,
        scope: 'read write',
        state: 'st',
        authenticity_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
    });

    it('sets the sign-in nonce cookie HttpOnly and SameSite=Lax, on /oauth only', () => {
      expect(page.setCookies).toEqual([expect.stringMatching(/^_social_login=[^;]+; Path=\/oauth; HttpOnly; SameSite=Lax; Max-Age=3600$/)]);
    });

    it("allows the form's redirect to the client's origin in the content security policy", () => {
      expect(page.headers['content-security-policy']).toContain("form-action 'self' https://client.example;");
    });
  });

  describe('with an invalid request', () => {
    it.each<{ case: string; query: Record<string, string>; status: number; error: string; description: string }>([
      { case: 'an unknown client_id', query: { client_id: 'nobody' }, status: 401, error: 'invalid_client',
        description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.' },
      { case: 'a redirect_uri the app did not register', query: { redirect_uri: 'https://evil.example/callback' }, status: 400,
        error: 'invalid_redirect_uri', description: 'The redirect uri included is not valid.' },
      { case: 'no response_type', query: { response_type: '' }, status: 400, error: 'invalid_request',
        description: 'Missing required parameter: response_type.' },
      { case: 'response_type token', query: { response_type: 'token' }, status: 400, error: 'unsupported_response_type',
        description: 'The authorization server does not support this response type.' },
      { case: 'a scope the app did not register', query: { scope: 'read push' }, status: 400, error: 'invalid_scope',
        description: 'The requested scope is invalid, unknown, or malformed.' },
      { case: 'code_challenge_method plain', query: { code_challenge: pkcePair().challenge, code_challenge_method: 'plain' }, status: 400,
        error: 'invalid_request', description: 'The code_challenge_method must be S256.' },
    ])('answers $status with an error page naming $error for $case', async ({ query, status, error, description }) => {
      const params = new URLSearchParams({ response_type: 'code', client_id: app.client_id, redirect_uri: CALLBACK, ...query });

      expectErrorPage(await new Browserish(api).get(`/oauth/authorize?${params}`), status, error, description);
    });
  });

  describe('with a session', () => {
    let browser: Browserish;
    let page: PageResponse;

    beforeAll(async () => {
      browser = new Browserish(api);
      const signInPage = await browser.get(authorizePath({ app, redirectUri: CALLBACK, scope: 'read write follow' }));
      const signedIn = await browser.postForm('/oauth/authorize/sign_in', {
        ...formFields(signInPage.text, '/oauth/authorize/sign_in').hidden, email: user.email, password: user.password,
      });
      page = await browser.get(signedIn.headers.location as string);
    });

    it('answers 200 with the approve form naming the application, the user and each scope', () => {
      expectHtmlPage(page, 200);
      expect(page.text).toContain('<h1>Authorize Authorize &lt;Test&gt;?</h1>');
      expect(page.text).toContain(`@${user.username}`);
      for (const line of [
        'Read all your account&#39;s data<code>read</code>',
        'Modify all your account&#39;s data<code>write</code>',
        'Modify account relationships<code>follow</code>',
      ]) expect(page.text).toContain(line);
    });

    it('offers Deny and Authorize, with a form token', () => {
      const form = formFields(page.text, '/oauth/authorize');

      expect(form.buttons).toEqual({ decision: ['deny', 'approve'] });
      expect(form.hidden.authenticity_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('shows the sign-in form again with force_login=true', async () => {
      const again = await browser.get(`${authorizePath({ app, redirectUri: CALLBACK })}&force_login=true`);

      expectHtmlPage(again, 200);
      expect(again.text).toContain('<h1>Sign in</h1>');
    });
  });
});

describe('POST /oauth/authorize/sign_in', () => {
  let app: CredentialApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await rig.registerApp('read write', { redirect_uris: CALLBACK });
    user = await rig.newUser('signin');
  });

  async function openForm(): Promise<{ browser: Browserish; hidden: Record<string, string> }> {
    const browser = new Browserish(api);
    const page = await browser.get(authorizePath({ app, redirectUri: CALLBACK, scope: 'read', state: 'abc' }));
    return { browser, hidden: formFields(page.text, '/oauth/authorize/sign_in').hidden };
  }

  describe('with the right e-mail address and password', () => {
    it('answers 303 back to the authorize page, setting the session cookie and clearing the nonce', async () => {
      const { browser, hidden } = await openForm();

      const response = await browser.postForm('/oauth/authorize/sign_in', { ...hidden, email: user.email.toUpperCase(), password: user.password });

      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(
        `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: app.client_id, redirect_uri: CALLBACK, scope: 'read', state: 'abc' })}`,
      );
      expect(response.setCookies).toEqual([
        expect.stringMatching(/^_social_session=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Path=\/oauth; HttpOnly; SameSite=Lax$/),
        '_social_login=; Path=/oauth; HttpOnly; SameSite=Lax; Max-Age=0',
      ]);
    });
  });

  describe('with a wrong password', () => {
    it('answers 422 with the form again, the reason and the e-mail address kept, and no session', async () => {
      const { browser, hidden } = await openForm();

      const response = await browser.postForm('/oauth/authorize/sign_in', { ...hidden, email: user.email, password: 'not the password' });

      expectHtmlPage(response, 422);
      expect(response.text).toContain('<p class="error" role="alert">Invalid e-mail address or password.</p>');
      expect(response.text).toContain(`value="${user.email}"`);
      expect(browser.jar.get('_social_session')).toBeUndefined();
    });
  });

  describe('without the nonce cookie (a form posted from another site)', () => {
    it('answers 422 asking to sign in again, with no session', async () => {
      const { hidden } = await openForm();
      const stranger = new Browserish(api);

      const response = await stranger.postForm('/oauth/authorize/sign_in', { ...hidden, email: user.email, password: user.password });

      expectHtmlPage(response, 422);
      expect(response.text).toContain('This form has expired. Please sign in again.');
      expect(stranger.jar.get('_social_session')).toBeUndefined();
    });
  });
});

describe('POST /oauth/authorize', () => {
  let app: CredentialApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await rig.registerApp('read write', { redirect_uris: [CALLBACK, OOB_URI, 'icecubesapp://'] });
    user = await rig.newUser('approver');
  });

  const flow = (redirectUri: string, decision: 'approve' | 'deny' = 'approve', state = 'state-1') =>
    authorizeOverHttp(new Browserish(api), { app, redirectUri, scope: 'read', state, email: user.email, password: user.password, decision });

  describe('approving', () => {
    it('answers 302 to the redirect URI with a code and the state', async () => {
      const response = await flow(CALLBACK);

      expect(response.status).toBe(302);
      expect(response.headers.location).toMatch(/^https:\/\/client\.example\/callback\?code=[A-Za-z0-9_-]{43}&state=state-1$/);
    });

    it('answers 302 to a custom-scheme redirect URI (Ice Cubes)', async () => {
      const response = await flow('icecubesapp://', 'approve', 'x y&z');

      expect(response.status).toBe(302);
      expect(response.headers.location).toMatch(/^icecubesapp:\/\/\?code=[A-Za-z0-9_-]{43}&state=x\+y%26z$/);
    });

    it('answers 302 to the page showing the code for the out-of-band URI', async () => {
      const response = await flow(OOB_URI);

      expect(response.status).toBe(302);
      expect(response.headers.location).toMatch(new RegExp(`^${api.baseUrl}/oauth/authorize/native\\?code=[A-Za-z0-9_-]{43}$`));
    });
  });

  describe('denying', () => {
    it('answers 302 to the redirect URI with error=access_denied and the state', async () => {
      const response = await flow(CALLBACK, 'deny');

      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(
        `${CALLBACK}?${new URLSearchParams({ error: 'access_denied', error_description: ACCESS_DENIED, state: 'state-1' })}`,
      );
    });
  });

  describe('without a session', () => {
    it('answers 303 back to the authorize page and issues no code', async () => {
      const browser = new Browserish(api);
      const signInPage = await browser.get(authorizePath({ app, redirectUri: CALLBACK }));
      const hidden = formFields(signInPage.text, '/oauth/authorize/sign_in').hidden;

      const response = await browser.postForm('/oauth/authorize', { ...hidden, decision: 'approve' });

      expect(response.status).toBe(303);
      expect(response.headers.location).toMatch(/^\/oauth\/authorize\?response_type=code&/);
    });
  });

  describe('with a session but a forged form token', () => {
    it('answers 303 back to the authorize page and issues no code', async () => {
      const browser = new Browserish(api);
      const signInPage = await browser.get(authorizePath({ app, redirectUri: CALLBACK }));
      const signedIn = await browser.postForm('/oauth/authorize/sign_in', {
        ...formFields(signInPage.text, '/oauth/authorize/sign_in').hidden, email: user.email, password: user.password,
      });
      const approve = formFields((await browser.get(signedIn.headers.location as string)).text, '/oauth/authorize');

      const response = await browser.postForm('/oauth/authorize', { ...approve.hidden, authenticity_token: 'forged', decision: 'approve' });

      expect(response.status).toBe(303);
      expect(response.headers.location).not.toContain('code=');
    });
  });

  describe('with a request changed on the way (another redirect URI)', () => {
    it('answers the error page and issues no code', async () => {
      const browser = new Browserish(api);
      const signInPage = await browser.get(authorizePath({ app, redirectUri: CALLBACK }));
      const signedIn = await browser.postForm('/oauth/authorize/sign_in', {
        ...formFields(signInPage.text, '/oauth/authorize/sign_in').hidden, email: user.email, password: user.password,
      });
      const approve = formFields((await browser.get(signedIn.headers.location as string)).text, '/oauth/authorize');

      const response = await browser.postForm('/oauth/authorize', { ...approve.hidden, redirect_uri: 'https://evil.example/', decision: 'approve' });

      expectErrorPage(response, 400, 'invalid_redirect_uri', 'The redirect uri included is not valid.');
    });
  });
});

describe('GET /oauth/authorize/native', () => {
  describe('with a code', () => {
    it('answers 200 with the code in a read-only field to copy', async () => {
      const response = await new Browserish(api).get('/oauth/authorize/native?code=abc_DEF-123');

      expectHtmlPage(response, 200);
      expect(response.text).toContain('<h1>Authorization code</h1>');
      expect(response.text).toContain('<textarea id="code" class="code" rows="2" readonly spellcheck="false">abc_DEF-123</textarea>');
    });
  });

  describe('after a denial (error=access_denied)', () => {
    it('answers 400 with the error page', async () => {
      expectErrorPage(await new Browserish(api).get('/oauth/authorize/native?error=access_denied'), 400, 'access_denied', ACCESS_DENIED);
    });
  });
});

describe('the authorization code grant end to end', () => {
  it('yields a user token of the approved scopes that works at once', async () => {
    const app = await rig.registerApp('read write', { redirect_uris: CALLBACK });
    const user = await rig.newUser('codeflow');
    const { verifier, challenge } = pkcePair();
    const approval = await authorizeOverHttp(new Browserish(api), {
      app, redirectUri: CALLBACK, scope: 'read', codeChallenge: challenge, email: user.email, password: user.password,
    });

    const token = await api.postForm<{ access_token: string; scope: string }>('/oauth/token', {
      grant_type: 'authorization_code', code: codeFrom(approval.headers.location), redirect_uri: CALLBACK,
      client_id: app.client_id, client_secret: app.client_secret, code_verifier: verifier,
    });
    const account = await api.get('/api/v1/accounts/verify_credentials', { token: token.body.access_token });

    expect(token.status).toBe(200);
    expect(token.body.scope).toBe('read');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ id: user.account.id, username: user.username });
  });
});
