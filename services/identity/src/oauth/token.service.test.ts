import { createHash } from 'node:crypto';
import { AppError } from '@social/errors';
import type { AccountService } from '../account/account.service.js';
import type { ApplicationData, ApplicationRecord } from '../application/application.data.js';
import { hashSecret } from '../crypto/secrets.js';
import type { AuthorizationCodeData, AuthorizationCodeRecord } from './authorization-code.data.js';
import type { TokenData } from './token.data.js';
import { IdentityEvents } from './token.events.js';
import { pkceMatches, TokenService } from './token.service.js';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const REDIRECT = 'https://elk.example/callback';

const app: ApplicationRecord = {
  id: 7n, name: 'Elk', website: null, redirectUris: `${REDIRECT}\nurn:ietf:wg:oauth:2.0:oob`, scopes: 'read write',
  clientId: 'client-id', clientSecretHash: hashSecret('client-secret'), createdAt: NOW,
};

function setup(code: Partial<AuthorizationCodeRecord> = {}) {
  const record: AuthorizationCodeRecord = {
    id: 1n, applicationId: 7n, accountId: 42n, redirectUri: REDIRECT, scopes: 'read write',
    codeChallenge: null, codeChallengeMethod: null, expiresAt: new Date(NOW.getTime() + 60_000), usedAt: null, ...code,
  };
  const issued: Array<Record<string, unknown>> = [];
  const service = new TokenService(
    { findByClientId: async (id: string) => (id === app.clientId ? app : null) } as unknown as ApplicationData,
    { isActive: async (id: bigint) => id === 42n } as unknown as AccountService,
    { create: async (row: Record<string, unknown>) => (issued.push(row), { ...row, createdAt: NOW }) } as unknown as TokenData,
    {
      findByHash: async (hash: string) => (hash === hashSecret('the-code') ? record : null),
      consume: async () => (record.usedAt ? false : ((record.usedAt = NOW), true)),
    } as unknown as AuthorizationCodeData,
    new IdentityEvents(null, () => undefined),
    () => NOW,
  );
  const exchange = (overrides: Record<string, string | null> = {}) =>
    service.create({ grantType: 'authorization_code', clientId: 'client-id', clientSecret: 'client-secret', code: 'the-code', redirectUri: REDIRECT, ...overrides });
  return { exchange, issued, record };
}

async function oauthError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.extensions.oauth;
    throw error;
  }
  throw new Error('expected an OAuth error');
}

describe('TokenService, grant_type authorization_code', () => {
  describe('with a valid code', () => {
    it("issues a user token with the code's scopes, whatever scope is sent", async () => {
      const { exchange, issued } = setup();

      const token = await exchange({ scope: 'read' });

      expect(token).toMatchObject({ tokenType: 'Bearer', scope: 'read write' });
      expect(issued).toEqual([{ tokenHash: hashSecret(token.accessToken), applicationId: 7n, accountId: 42n, scopes: 'read write' }]);
    });

    it('refuses the same code a second time with invalid_grant', async () => {
      const { exchange } = setup();
      await exchange();

      expect(await oauthError(exchange())).toMatchObject({ error: 'invalid_grant', status: 400 });
    });
  });

  describe('with a code that cannot be used', () => {
    it.each([
      { case: 'an expired code', code: { expiresAt: NOW } },
      { case: "another client's code", code: { applicationId: 8n } },
      { case: 'a used code', code: { usedAt: NOW } },
      { case: 'the code of a user who can no longer act', code: { accountId: 43n } },
    ])('refuses $case with invalid_grant', async ({ code }) => {
      expect(await oauthError(setup(code).exchange())).toMatchObject({ error: 'invalid_grant', status: 400 });
    });

    it('refuses an unknown code with invalid_grant', async () => {
      expect(await oauthError(setup().exchange({ code: 'other' }))).toMatchObject({ error: 'invalid_grant' });
    });

    it('refuses another redirect_uri than the one authorized with invalid_grant', async () => {
      expect(await oauthError(setup().exchange({ redirectUri: 'urn:ietf:wg:oauth:2.0:oob' }))).toMatchObject({ error: 'invalid_grant' });
    });

    it.each([
      { param: 'code', overrides: { code: null } },
      { param: 'redirect_uri', overrides: { redirectUri: null } },
    ])('names the missing $param with invalid_request', async ({ param, overrides }) => {
      expect(await oauthError(setup().exchange(overrides))).toEqual({
        error: 'invalid_request', error_description: `Missing required parameter: ${param}.`, status: 400,
      });
    });
  });

  describe('with PKCE', () => {
    const pkce = { codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' };

    it('issues the token for the right code_verifier', async () => {
      expect(await setup(pkce).exchange({ codeVerifier: VERIFIER })).toMatchObject({ scope: 'read write' });
    });

    it('refuses a wrong code_verifier with invalid_grant and leaves the code unused', async () => {
      const { exchange, record } = setup(pkce);

      expect(await oauthError(exchange({ codeVerifier: `${VERIFIER.slice(0, -1)}A` }))).toMatchObject({ error: 'invalid_grant' });
      expect(record.usedAt).toBeNull();
    });

    it('refuses a missing code_verifier with invalid_request', async () => {
      expect(await oauthError(setup(pkce).exchange())).toMatchObject({ error: 'invalid_request', error_description: 'Missing required parameter: code_verifier.' });
    });

    it('refuses a code_verifier for a code issued without a challenge', async () => {
      expect(await oauthError(setup().exchange({ codeVerifier: VERIFIER }))).toMatchObject({ error: 'invalid_grant' });
    });
  });
});

describe('pkceMatches', () => {
  it("matches RFC 7636 appendix B's example", () => {
    expect(pkceMatches('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(true);
  });

  it('does not match without a challenge or without a verifier', () => {
    expect(pkceMatches(null, VERIFIER)).toBe(false);
    expect(pkceMatches(CHALLENGE, null)).toBe(false);
  });
});
