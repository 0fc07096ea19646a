// The authorize page driven over plain HTTP, as a browser without JavaScript
// would: a cookie jar, the forms' hidden fields, redirects followed by hand.
import { createHash, randomBytes } from 'node:crypto';
import { encodeForm, type ApiClient, type ApiResponse, type CredentialApplication, type FormFields } from '@social/testkit';

/** Cookies by name, as Set-Cookie headers leave them (Max-Age=0 removes one). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq <= 0) continue;
      const name = (pair as string).slice(0, eq).trim();
      const value = (pair as string).slice(eq + 1).trim();
      if (/;\s*Max-Age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface PageResponse extends ApiResponse<string> {
  setCookies: string[];
}

/** A browser-like session against the server: HTML accepted, cookies kept, no redirect followed. */
export class Browserish {
  readonly jar = new CookieJar();

  /** `headers` go with every request (X-Forwarded-For, to come from another client address). */
  constructor(
    private readonly api: ApiClient,
    private readonly headers: Record<string, string> = {},
  ) {}

  async get(path: string): Promise<PageResponse> {
    return this.send('GET', path);
  }

  async postForm(path: string, fields: FormFields): Promise<PageResponse> {
    return this.send('POST', path, encodeForm(fields));
  }

  private async send(method: string, path: string, body?: string): Promise<PageResponse> {
    const url = path.startsWith('http') ? path : `${this.api.baseUrl}${path}`;
    const headers: Record<string, string> = { accept: 'text/html', ...this.headers };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const cookie = this.jar.header();
    if (cookie) headers.cookie = cookie;
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    const setCookies = response.headers.getSetCookie();
    const page: PageResponse = { status: response.status, headers: responseHeaders, body: text, text, setCookies };
    this.jar.store(setCookies);
    return page;
  }
}

function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] as string);
}

/** The fields of the form posting to `action`: hidden inputs, and the named submit buttons as a list. */
export function formFields(html: string, action: string): { hidden: Record<string, string>; buttons: Record<string, string[]> } {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action} in:\n${html.slice(0, 2000)}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const hidden: Record<string, string> = {};
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) hidden[match[1] as string] = decodeEntities(match[2] as string);
  const buttons: Record<string, string[]> = {};
  for (const match of form.matchAll(/<button type="submit" name="([^"]+)" value="([^"]+)"/g)) (buttons[match[1] as string] ??= []).push(match[2] as string);
  return { hidden, buttons };
}

/** PKCE: a verifier and its S256 challenge (RFC 7636). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeParams {
  app: CredentialApplication;
  redirectUri: string;
  scope?: string;
  state?: string;
  codeChallenge?: string;
  extra?: Record<string, string>;
}

export function authorizePath(params: AuthorizeParams): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: params.app.client_id,
    redirect_uri: params.redirectUri,
    ...(params.scope ? { scope: params.scope } : {}),
    ...(params.state ? { state: params.state } : {}),
    ...(params.codeChallenge ? { code_challenge: params.codeChallenge, code_challenge_method: 'S256' } : {}),
    ...params.extra,
  });
  return `/oauth/authorize?${query}`;
}

/**
 * Opens the authorize page, signs in and approves (or denies): the response
 * of the approve form, whose Location carries the code.
 */
export async function authorizeOverHttp(
  browser: Browserish,
  params: AuthorizeParams & { email: string; password: string; decision?: 'approve' | 'deny' },
): Promise<PageResponse> {
  const signInPage = await browser.get(authorizePath(params));
  if (signInPage.status !== 200) throw new Error(`GET /oauth/authorize answered ${signInPage.status}: ${signInPage.text.slice(0, 500)}`);
  const signIn = formFields(signInPage.text, '/oauth/authorize/sign_in');
  const signedIn = await browser.postForm('/oauth/authorize/sign_in', { ...signIn.hidden, email: params.email, password: params.password });
  if (signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.text.slice(0, 500)}`);
  const approvePage = await browser.get(signedIn.headers.location as string);
  const approve = formFields(approvePage.text, '/oauth/authorize');
  return browser.postForm('/oauth/authorize', { ...approve.hidden, decision: params.decision ?? 'approve' });
}

/** The code from the Location of an approval. */
export function codeFrom(location: string | undefined): string {
  const code = new URL(location ?? '', 'http://placeholder').searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}
