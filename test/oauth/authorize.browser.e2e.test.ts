// The authorization-code flow with PKCE as a user walks it, in headless Chromium (Debian's
// `chromium`, driven by playwright-core) with JavaScript switched off: open the authorize URL,
// sign in, approve, land on the client's redirect with code and state; then the code is
// exchanged and the token used. Also the deny path, the out-of-band page, and a web client on
// another origin that opens the flow in a popup and must keep its handle on it. Runs on the
// embedded and multi targets: on the split one it shows the signed session cookie works across processes.
// Screenshots of the sign-in, approve and out-of-band pages go to E2E_SCREENSHOT_DIR (default: a
// temp folder, printed). docs/api/oauth.md#authorize; Chromium comes from the Debian packages chromium and chromium-driver.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { OOB_URI, type CredentialApplication, type MastodonToken, type TestUser } from '@social/testkit';
import { authorizePath, pkcePair } from '../support/oauth-flow';
import { api, baseUrl, rig } from '../support/server';
import { TARGET, describeIf, onEmbeddedAndMulti } from '../support/targets';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join(os.tmpdir(), `social-e2e-screenshots-${TARGET}`);

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
if (!haveChromium) process.stderr.write(`[e2e] ${CHROMIUM} not installed: the browser test is skipped (apt-get install chromium)\n`);
const describeWithChromium = describeIf(haveChromium && onEmbeddedAndMulti);

/**
 * The client, on an origin of its own (another port): its redirect URI, a page that only says it got
 * the answer, and at /app a blank page of it, from which a web client opens the authorize popup.
 */
async function startCallbackServer(): Promise<{ server: Server; url: string; appUrl: string }> {
  const server = createServer((req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/app' ? '<h1>Web client</h1>' : '<h1>Client got the answer</h1>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: `${origin}/callback`, appUrl: `${origin}/app` };
}

/** The client page's window, as its script sees it (the e2e code is compiled without the DOM's types). */
interface ClientWindow {
  auth: { closed: boolean; location: { href: string } } | null;
  open(url: string, target: string, features: string): ClientWindow['auth'];
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function exchange(app: CredentialApplication, code: string, redirectUri: string, verifier: string) {
  return api.postForm<MastodonToken>('/oauth/token', {
    grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: app.client_id, client_secret: app.client_secret, code_verifier: verifier,
  });
}

describeWithChromium('GET /oauth/authorize in a browser, its pages without JavaScript', () => {
  let browser: Browser;
  let callback: { server: Server; url: string; appUrl: string };
  let app: CredentialApplication;
  let user: TestUser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    process.stderr.write(`[e2e] browser screenshots in ${SCREENSHOTS}\n`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    callback = await startCallbackServer();
    app = await rig.registerApp('read write follow', { client_name: 'Pinafore Test', redirect_uris: [callback.url, OOB_URI], website: 'https://pinafore.example/' });
    user = await rig.newUser('browser');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => callback?.server.close(resolve));
  });

  /** A fresh browser profile (no cookies) with scripts off, at the authorize URL. */
  async function open(redirectUri: string, state: string, challenge: string): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 480, height: 760 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${authorizePath({ app, redirectUri, scope: 'read write', state, codeChallenge: challenge })}`);
    return page;
  }

  async function signIn(page: Page): Promise<void> {
    await page.fill('#email', user.email);
    await page.fill('#password', user.password);
    await Promise.all([page.waitForURL(/\/oauth\/authorize\?/), page.click('button:has-text("Sign in")')]);
  }

  describe('signing in and approving', () => {
    it('lands on the redirect URI with a code and the state, and the code becomes a working token', async () => {
      const { verifier, challenge } = pkcePair();
      const page = await open(callback.url, 'browser-state', challenge);
      expect(await page.textContent('h1')).toBe('Sign in');
      await screenshot(page, 'sign-in');

      await signIn(page);
      expect(await page.textContent('h1')).toBe('Authorize Pinafore Test?');
      expect(await page.textContent('.account')).toContain(`@${user.username}`);
      await screenshot(page, 'approve');

      await Promise.all([page.waitForURL(`${callback.url}?**`), page.click('button:has-text("Authorize")')]);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('state')).toBe('browser-state');
      expect(await page.textContent('h1')).toBe('Client got the answer');

      const token = await exchange(app, landed.searchParams.get('code') as string, callback.url, verifier);
      expect(token.status).toBe(200);
      const account = await api.get('/api/v1/accounts/verify_credentials', { token: token.body.access_token });
      expect(account.body).toMatchObject({ id: user.account.id, username: user.username });
      await page.context().close();
    });
  });

  describe('a wrong password', () => {
    it('shows the sign-in form again with the reason', async () => {
      const page = await open(callback.url, 'wrong', pkcePair().challenge);
      await page.fill('#email', user.email);
      await page.fill('#password', 'not my password');

      await Promise.all([page.waitForLoadState(), page.click('button:has-text("Sign in")')]);

      expect(await page.textContent('.error')).toBe('Invalid e-mail address or password.');
      expect(await page.inputValue('#email')).toBe(user.email);
      await page.context().close();
    });
  });

  describe('denying', () => {
    it('lands on the redirect URI with error=access_denied and the state', async () => {
      const page = await open(callback.url, 'deny-state', pkcePair().challenge);
      await signIn(page);

      await Promise.all([page.waitForURL(`${callback.url}?**`), page.click('button:has-text("Deny")')]);

      const landed = new URL(page.url());
      expect(Object.fromEntries(landed.searchParams)).toEqual({
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request.',
        state: 'deny-state',
      });
      await page.context().close();
    });
  });

  describe('opened in a popup by a web client on another origin (Phanpy)', () => {
    it('stays reachable from the client while the user signs in and approves, and the client reads the code from it', async () => {
      const { verifier, challenge } = pkcePair();
      // The client's own page runs JavaScript; the authorize pages need none.
      const context = await browser.newContext({ viewport: { width: 480, height: 760 } });
      const client = await context.newPage();
      await client.goto(callback.appUrl);
      const url = `${baseUrl}${authorizePath({ app, redirectUri: callback.url, scope: 'read write', state: 'popup-state', codeChallenge: challenge })}`;
      const opened = context.waitForEvent('page');
      await client.evaluate((href) => {
        const page = globalThis as unknown as ClientWindow;
        page.auth = page.open(href, 'auth', 'popup,width=480,height=760');
      }, url);
      const popup = await opened;
      await popup.waitForLoadState();
      // What Phanpy watches: a popup cut off by Cross-Origin-Opener-Policy reads as closed at once.
      const seen = () => client.evaluate(() => (globalThis as unknown as ClientWindow).auth?.closed);
      expect(await popup.textContent('h1')).toBe('Sign in');
      expect(await seen()).toBe(false);

      await signIn(popup);
      expect(await popup.textContent('h1')).toBe('Authorize Pinafore Test?');
      expect(await seen()).toBe(false);
      await Promise.all([popup.waitForURL(`${callback.url}?**`), popup.click('button:has-text("Authorize")')]);

      const landed = await client.evaluate(() => {
        const { auth } = globalThis as unknown as ClientWindow;
        return { closed: auth?.closed, href: auth?.location.href ?? '' };
      });
      expect(landed.closed).toBe(false);
      const answer = new URL(landed.href);
      expect(answer.searchParams.get('state')).toBe('popup-state');
      const token = await exchange(app, answer.searchParams.get('code') as string, callback.url, verifier);
      expect(token.status).toBe(200);
      await context.close();
    });
  });

  describe('with the out-of-band redirect URI', () => {
    it('shows the code on a page, and the copied code becomes a working token', async () => {
      const { verifier, challenge } = pkcePair();
      const page = await open(OOB_URI, 'oob', challenge);
      await signIn(page);

      await Promise.all([page.waitForURL(/\/oauth\/authorize\/native\?code=/), page.click('button:has-text("Authorize")')]);
      expect(await page.textContent('h1')).toBe('Authorization code');
      await screenshot(page, 'out-of-band');
      const code = await page.inputValue('#code');

      const token = await exchange(app, code, OOB_URI, verifier);
      expect(token.status).toBe(200);
      expect((await api.get('/api/v1/accounts/verify_credentials', { token: token.body.access_token })).status).toBe(200);
      await page.context().close();
    });
  });
});
