import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who is calling: resolved from the bearer token once per request by the
 * gateway (through identity) and handed to every subgraph. Subgraphs never
 * see the token itself.
 */
export interface Principal {
  /** anonymous: no token, or one never issued; invalid: a revoked token. */
  readonly kind: 'anonymous' | 'invalid' | 'app' | 'user';
  readonly tokenId: string | null;
  readonly applicationId: string | null;
  readonly accountId: string | null;
  readonly scopes: readonly string[];
  /**
   * Set by identity when the instance runs in authorized-only mode (spec
   * 5.8): public operations then refuse a caller without a user. It travels
   * with the principal so every subgraph applies the one setting identity has.
   */
  readonly authorizedOnly?: boolean;
}

export const ANONYMOUS: Principal = Object.freeze({
  kind: 'anonymous',
  tokenId: null,
  applicationId: null,
  accountId: null,
  scopes: [],
});

export const INVALID_TOKEN: Principal = Object.freeze({ ...ANONYMOUS, kind: 'invalid' });

export const PRINCIPAL_HEADER = 'x-social-principal';
export const SIGNATURE_HEADER = 'x-social-signature';

/** How long a signed principal stays acceptable: bounds replay of a captured header. */
const MAX_AGE_MS = 60_000;

interface SignedPayload {
  p: Principal;
  iat: number;
}

function hmac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** Headers that carry a principal from the gateway to a subgraph process. */
export function signPrincipal(principal: Principal, secret: string, now = Date.now()): Record<string, string> {
  const payload = Buffer.from(JSON.stringify({ p: principal, iat: now } satisfies SignedPayload)).toString('base64url');
  return { [PRINCIPAL_HEADER]: payload, [SIGNATURE_HEADER]: hmac(secret, payload).toString('base64url') };
}

/**
 * The principal behind signed headers, or null when the signature is missing,
 * wrong or stale: a subgraph then refuses the request.
 */
export function verifyPrincipal(
  payload: string | undefined,
  signature: string | undefined,
  secret: string,
  now = Date.now(),
): Principal | null {
  if (!payload || !signature) return null;
  const expected = hmac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedPayload;
    if (typeof parsed.iat !== 'number' || Math.abs(now - parsed.iat) > MAX_AGE_MS) return null;
    return Object.freeze(parsed.p);
  } catch {
    return null;
  }
}
