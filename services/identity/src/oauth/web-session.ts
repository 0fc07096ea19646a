import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a sign-in on the authorize page lasts. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** How long the sign-in form may stay open before its token expires. */
export const LOGIN_FORM_LIFETIME_MS = 60 * 60 * 1000;

export interface WebSession {
  accountId: string;
  /** Random per sign-in; the approve form's token is derived from it. */
  nonce: string;
}

/**
 * The authorize page's browser session and its form tokens, kept in signed
 * cookies rather than in memory or a table, so any identity process sharing
 * the key can check them. Each value is a payload and its HMAC; every kind of
 * value signs under its own prefix, so none can stand in for another.
 *
 * - session: `<payload>.<mac>`, payload = base64url JSON {a: account, n: nonce, e: expiry}.
 * - approve form token: mac("csrf:" + session nonce): bound to the session.
 * - sign-in form: a login nonce `<issued>.<random>` for a cookie, and its
 *   token mac("login:" + nonce) for the form (signed double submit).
 */
export class WebSessions {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  issue(accountId: string): string {
    const payload = Buffer.from(
      JSON.stringify({ a: accountId, n: randomBytes(16).toString('base64url'), e: this.now() + SESSION_LIFETIME_MS }),
    ).toString('base64url');
    return `${payload}.${this.mac('session', payload)}`;
  }

  /** The session behind a cookie value, or null when it is absent, forged or expired. */
  verify(value: string | null | undefined): WebSession | null {
    if (!value) return null;
    const [payload, mac, extra] = value.split('.');
    if (!payload || !mac || extra !== undefined || !this.matches(this.mac('session', payload), mac)) return null;
    try {
      const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; n?: unknown; e?: unknown };
      if (typeof parsed.a !== 'string' || typeof parsed.n !== 'string' || typeof parsed.e !== 'number') return null;
      return parsed.e > this.now() ? { accountId: parsed.a, nonce: parsed.n } : null;
    } catch {
      return null;
    }
  }

  /** The approve form's token for a session. */
  formToken(session: WebSession): string {
    return this.mac('csrf', session.nonce);
  }

  formTokenMatches(session: WebSession, token: string | null | undefined): boolean {
    return !!token && this.matches(this.formToken(session), token);
  }

  /** A fresh sign-in form: the nonce goes into a cookie, the token into the form. */
  loginChallenge(): { nonce: string; token: string } {
    const nonce = `${this.now()}.${randomBytes(16).toString('base64url')}`;
    return { nonce, token: this.mac('login', nonce) };
  }

  loginTokenMatches(nonce: string | null | undefined, token: string | null | undefined): boolean {
    if (!nonce || !token || !this.matches(this.mac('login', nonce), token)) return false;
    const issued = Number(nonce.split('.')[0]);
    return Number.isFinite(issued) && this.now() - issued < LOGIN_FORM_LIFETIME_MS;
  }

  private mac(purpose: string, value: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${value}`).digest('base64url');
  }

  private matches(expected: string, given: string): boolean {
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
