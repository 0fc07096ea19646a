import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who is calling: resolved from the bearer token once per request by the
 * gateway (through identity) and handed to every subgraph. Subgraphs never
 * see the token itself.
 */
export interface Principal {
  /** anonymous: no token, or one never issued; invalid: a revoked token. */
  readonly kind: 'anonymous' | 'invalid' | 'app' | 'user';
  /**
   * On an invalid principal: the token is live but its user may not sign in
   * (docs/api/oauth.md#users-who-may-not-sign-in), so it is refused with 403
   * and the reason's text rather than 401. Absent: revoked, 401.
   */
  readonly refusal?: LoginRefusal;
  readonly tokenId: string | null;
  readonly applicationId: string | null;
  readonly accountId: string | null;
  readonly scopes: readonly string[];
  /**
   * Set by identity when the instance runs in authorized-only mode (docs/api/oauth.md#authorized-only-mode
   * 5.8): public operations then refuse a caller without a user. It travels
   * with the principal so every subgraph applies the one setting identity has.
   */
  readonly authorizedOnly?: boolean;
  /**
   * The IP block the request's client address falls under, set by the
   * gateway from the address it sees (docs/api/moderation.md#ip-blocks):
   * sign-up decides with it. Absent: none (a no_access address never gets
   * this far, the gateway refuses it).
   */
  readonly ipBlock?: 'sign_up_block' | 'sign_up_requires_approval';
  /** The user's staff role's permission bits (docs/api/moderation.md#roles); absent: none. */
  readonly permissions?: number;
  /**
   * The user's posting defaults (docs/api/statuses.md#posting-defaults), set
   * by identity on a signed-in user's principal: a new status takes what its
   * request leaves out from here, without a read of identity's tables.
   * Absent on principals not made from a token (jobs, admin commands).
   */
  readonly postingDefaults?: PostingDefaults;
}

/** What a new status leaves out comes from these (the account's source[privacy], [sensitive], [language]). */
export interface PostingDefaults {
  readonly visibility: 'public' | 'unlisted' | 'private' | 'direct';
  readonly sensitive: boolean;
  readonly language: string | null;
}

export const ANONYMOUS: Principal = Object.freeze({
  kind: 'anonymous',
  tokenId: null,
  applicationId: null,
  accountId: null,
  scopes: [],
});

export const INVALID_TOKEN: Principal = Object.freeze({ ...ANONYMOUS, kind: 'invalid' });

/** Why a live token's user may not act, in the order Mastodon checks (unconfirmed, pending approval, then disabled or suspended). */
export type LoginRefusal = 'unconfirmed' | 'pending' | 'disabled';

/** The invalid principal of a live token whose user may not act, one frozen object per reason. */
export const REFUSED_LOGIN: Readonly<Record<LoginRefusal, Principal>> = Object.freeze({
  unconfirmed: Object.freeze({ ...INVALID_TOKEN, refusal: 'unconfirmed' }),
  pending: Object.freeze({ ...INVALID_TOKEN, refusal: 'pending' }),
  disabled: Object.freeze({ ...INVALID_TOKEN, refusal: 'disabled' }),
});

/** The invalid principal as received from identity (over HTTP): the shared constant for its reason. */
export function invalidPrincipal(refusal: unknown): Principal {
  return typeof refusal === 'string' && Object.hasOwn(REFUSED_LOGIN, refusal) ? REFUSED_LOGIN[refusal as LoginRefusal] : INVALID_TOKEN;
}

export const PRINCIPAL_HEADER = 'x-social-principal';
export const SIGNATURE_HEADER = 'x-social-signature';
/** SHA-256 of the request body (base64url), under the signature: a signed header is good for that body only. */
export const BODY_DIGEST_HEADER = 'x-social-body-sha256';

/** How long a signed principal stays acceptable: bounds replay of a captured request. */
const MAX_AGE_MS = 60_000;

interface SignedPayload {
  p: Principal;
  iat: number;
}

/**
 * What a signature is bound to besides the principal and its time: the
 * method, the path (with its query) and the body's digest, so that headers
 * captured from one call cannot carry another query, other variables or
 * another internal route.
 */
export interface SignedRequest {
  method: string;
  path: string;
  /** bodyDigest() of the exact bytes sent. */
  bodyDigest: string;
}

/** SHA-256 of a body, base64url. */
export function bodyDigest(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('base64url');
}

/** bodyDigest() of a body read as a stream (a file sent as a request body). */
export async function streamDigest(source: AsyncIterable<Uint8Array | string>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk);
  return hash.digest('base64url');
}

function mac(secret: string, payload: string, request: SignedRequest): Buffer {
  // Newlines cannot occur in a method, a request target, base64url or a digest: the fields cannot run into each other.
  return createHmac('sha256', secret).update(`${request.method.toUpperCase()}\n${request.path}\n${request.bodyDigest}\n${payload}`).digest();
}

/** The principal header's value: the principal and when it was signed, not yet bound to a request. */
export function encodePrincipal(principal: Principal, now = Date.now()): string {
  return Buffer.from(JSON.stringify({ p: principal, iat: now } satisfies SignedPayload)).toString('base64url');
}

/** Headers that bind an encoded principal to one request. */
export function signRequest(payload: string, request: SignedRequest, secret: string): Record<string, string> {
  return {
    [PRINCIPAL_HEADER]: payload,
    [BODY_DIGEST_HEADER]: request.bodyDigest,
    [SIGNATURE_HEADER]: mac(secret, payload, request).toString('base64url'),
  };
}

/** Headers that carry a principal to another process for this one request. */
export function signPrincipal(principal: Principal, secret: string, request: SignedRequest, now = Date.now()): Record<string, string> {
  return signRequest(encodePrincipal(principal, now), request, secret);
}

/**
 * The principal behind signed headers, or null when the signature is missing,
 * wrong, stale, or made for another method, path or body digest: a subgraph
 * then refuses the request. The receiver still checks that the body it reads
 * has the digest given here.
 */
export function verifyPrincipal(
  payload: string | undefined,
  signature: string | undefined,
  secret: string,
  request: SignedRequest,
  now = Date.now(),
): Principal | null {
  if (!payload || !signature || !request.bodyDigest) return null;
  const expected = mac(secret, payload, request);
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
