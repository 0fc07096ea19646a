import { createHmac } from 'node:crypto';
import {
  ANONYMOUS,
  BODY_DIGEST_HEADER,
  bodyDigest,
  PRINCIPAL_HEADER,
  SIGNATURE_HEADER,
  signPrincipal,
  streamDigest,
  verifyPrincipal as verifyFor,
  type Principal,
  type SignedRequest,
} from './principal.js';

const SECRET = 'gateway-shared-secret';
const SIGNED_AT = Date.UTC(2026, 7, 8, 11, 34, 47, 196);

const alice: Principal = {
  kind: 'user',
  tokenId: '12',
  applicationId: '3',
  accountId: '109876543210987654',
  scopes: ['read', 'write:statuses'],
};

/** The request most tests sign and verify. */
const QUERY = JSON.stringify({ query: '{ viewer { id } }', variables: {} });
const REQUEST: SignedRequest = { method: 'POST', path: '/graphql', bodyDigest: bodyDigest(QUERY) };

function signed(principal: Principal = alice, secret = SECRET, now = SIGNED_AT, request = REQUEST) {
  const headers = signPrincipal(principal, secret, request, now);
  return { payload: headers[PRINCIPAL_HEADER], signature: headers[SIGNATURE_HEADER], digest: headers[BODY_DIGEST_HEADER] };
}

/** Verified against the request signed above unless told otherwise. */
function verifyPrincipal(payload: string | undefined, signature: string | undefined, secret: string, now: number, request = REQUEST) {
  return verifyFor(payload, signature, secret, request, now);
}

/** An HMAC over any payload for REQUEST, as the gateway computes it. */
function signatureFor(payload: string): string {
  return createHmac('sha256', SECRET).update(`POST\n/graphql\n${REQUEST.bodyDigest}\n${payload}`).digest('base64url');
}

/** The payload re-encoded after a change, signature left as it was. */
function tamper(payload: string, change: (decoded: { p: Principal; iat: number }) => void): string {
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p: Principal; iat: number };
  change(decoded);
  return Buffer.from(JSON.stringify(decoded)).toString('base64url');
}

describe('signed principal headers', () => {
  describe('when verified with the secret they were signed with, within a minute', () => {
    it('gives back the same principal', () => {
      const { payload, signature } = signed();
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT + 1_000)).toEqual(alice);
    });

    it('gives back the anonymous principal as anonymous, not as null', () => {
      const { payload, signature } = signed(ANONYMOUS);
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT)).toEqual(ANONYMOUS);
    });

    it('returns a frozen principal', () => {
      const { payload, signature } = signed();
      expect(Object.isFrozen(verifyPrincipal(payload, signature, SECRET, SIGNED_AT))).toBe(true);
    });

    it('accepts a signature exactly 60 seconds old', () => {
      const { payload, signature } = signed();
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT + 60_000)).toEqual(alice);
    });
  });

  describe('when the payload was changed after signing', () => {
    it('gives null for a principal raised to another account', () => {
      const { payload, signature } = signed();
      const forged = tamper(payload, (d) => {
        d.p = { ...d.p, accountId: '1' };
      });
      expect(verifyPrincipal(forged, signature, SECRET, SIGNED_AT)).toBeNull();
    });

    it('gives null for a refreshed timestamp', () => {
      const { payload, signature } = signed();
      const refreshed = tamper(payload, (d) => {
        d.iat = SIGNED_AT + 120_000;
      });
      expect(verifyPrincipal(refreshed, signature, SECRET, SIGNED_AT + 120_000)).toBeNull();
    });
  });

  describe('when verified against another request than the one signed', () => {
    it('gives null for another body (another query, or other variables)', () => {
      const { payload, signature } = signed();
      const other = JSON.stringify({ query: '{ viewer { id email } }', variables: {} });
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT, { ...REQUEST, bodyDigest: bodyDigest(other) })).toBeNull();
    });

    it('gives null for another path or method', () => {
      const { payload, signature } = signed();
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT, { ...REQUEST, path: '/internal/principal' })).toBeNull();
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT, { ...REQUEST, method: 'PUT' })).toBeNull();
    });

    it('gives null without a body digest', () => {
      const { payload, signature } = signed();
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT, { ...REQUEST, bodyDigest: '' })).toBeNull();
    });

    it('carries the digest it was signed for in its own header', () => {
      expect(signed().digest).toBe(REQUEST.bodyDigest);
    });
  });

  describe('the digest of a body', () => {
    it('is SHA-256 in base64url, the same whether the body is read whole or streamed', async () => {
      async function* chunks() {
        yield Buffer.from(QUERY.slice(0, 10));
        yield QUERY.slice(10);
      }
      expect(bodyDigest(QUERY)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await streamDigest(chunks())).toBe(bodyDigest(QUERY));
      expect(bodyDigest(Buffer.from(QUERY))).toBe(bodyDigest(QUERY));
    });
  });

  describe('when the secret differs', () => {
    it('gives null', () => {
      const { payload, signature } = signed(alice, 'another-secret');
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT)).toBeNull();
    });
  });

  describe('when a header is missing', () => {
    it('gives null without a signature', () => {
      const { payload } = signed();
      expect(verifyPrincipal(payload, undefined, SECRET, SIGNED_AT)).toBeNull();
    });

    it('gives null with an empty signature', () => {
      const { payload } = signed();
      expect(verifyPrincipal(payload, '', SECRET, SIGNED_AT)).toBeNull();
    });

    it('gives null without a payload', () => {
      const { signature } = signed();
      expect(verifyPrincipal(undefined, signature, SECRET, SIGNED_AT)).toBeNull();
    });
  });

  describe('when the signature is malformed', () => {
    it('gives null, not an exception, for a signature of the wrong length', () => {
      const { payload, signature } = signed();
      expect(verifyPrincipal(payload, signature.slice(0, 10), SECRET, SIGNED_AT)).toBeNull();
    });
  });

  describe('when the signature is stale', () => {
    it('gives null a minute and a millisecond after signing', () => {
      const { payload, signature } = signed();
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT + 60_001)).toBeNull();
    });

    it('gives null when signed more than a minute in the future', () => {
      const { payload, signature } = signed();
      expect(verifyPrincipal(payload, signature, SECRET, SIGNED_AT - 60_001)).toBeNull();
    });
  });

  describe('when a correctly signed payload is not a signed principal', () => {
    it('(the payloads below are signed as signPrincipal signs)', () => {
      const { payload, signature } = signed();
      expect(signatureFor(payload)).toBe(signature);
    });

    it('gives null for a payload that is not JSON', () => {
      const payload = Buffer.from('not json').toString('base64url');
      expect(verifyPrincipal(payload, signatureFor(payload), SECRET, SIGNED_AT)).toBeNull();
    });

    it('gives null for a payload without a timestamp', () => {
      const payload = Buffer.from(JSON.stringify({ p: alice })).toString('base64url');
      expect(verifyPrincipal(payload, signatureFor(payload), SECRET, SIGNED_AT)).toBeNull();
    });
  });
});
