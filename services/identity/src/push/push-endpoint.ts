import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { isPublicAddress } from '@social/outbound';

/** Longest endpoint URL kept (docs/limits.md); push services' are a few hundred characters. */
const MAX_ENDPOINT_LENGTH = 2048;

/**
 * Why an endpoint is refused, or null (docs/api/push.md#endpoints): an
 * absolute https URL without credentials; plain http and literal non-public
 * addresses only when allowed (PUSH_ENDPOINT_ALLOW_PRIVATE). A name that
 * resolves inside is refused when a push is sent.
 */
export function endpointProblem(raw: string, allowPrivate: boolean): 'blank' | 'invalid' | null {
  if (raw.trim() === '') return 'blank';
  if (raw.length > MAX_ENDPOINT_LENGTH) return 'invalid';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'invalid';
  if (url.username || url.password || !url.hostname) return 'invalid';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || (isIP(host) !== 0 && !isPublicAddress(host)))) return 'invalid';
  return null;
}

/** base64url of the bytes, from base64url or base64 with or without padding (clients send both); null when unreadable. */
export function readKey(raw: string): Buffer | null {
  const normalized = raw.trim().replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  if (!/^[\w-]+$/.test(normalized)) return null;
  return Buffer.from(normalized, 'base64url');
}

/** Whether the bytes are a point of P-256 in uncompressed form, as the Push API's p256dh is. */
export function isP256Point(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}
