import type { Request, Response } from 'express';

/** The signed session of the authorize page (identity signs and checks it; the facade only carries it). */
export const SESSION_COOKIE = '_social_session';
/** The nonce the sign-in form's token is bound to (signed double submit). */
export const LOGIN_COOKIE = '_social_login';

/** Only the OAuth pages read these cookies; the API takes bearer tokens, never cookies. */
const PATH = '/oauth';

/** A cookie from the request's Cookie header. */
export function readCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * HttpOnly (no script reads it), SameSite=Lax (a cross-site POST does not
 * carry it), Secure when the server is reached over https. Without maxAge it
 * lasts the browser session; the signed value expires on its own anyway.
 */
export function setCookie(res: Response, name: string, value: string, publicUrl: string, maxAgeSeconds?: number): void {
  const attributes = [`${name}=${encodeURIComponent(value)}`, `Path=${PATH}`, 'HttpOnly', 'SameSite=Lax'];
  if (maxAgeSeconds !== undefined) attributes.push(`Max-Age=${maxAgeSeconds}`);
  if (publicUrl.startsWith('https:')) attributes.push('Secure');
  res.append('Set-Cookie', attributes.join('; '));
}

export function clearCookie(res: Response, name: string, publicUrl: string): void {
  setCookie(res, name, '', publicUrl, 0);
}
