import { AppError } from '@social/errors';
import type { AccountRecord } from '../account/account.data.js';
import { AccountService } from '../account/account.service.js';
import type { ApplicationData, ApplicationRecord } from '../application/application.data.js';
import { ApplicationService } from '../application/application.service.js';
import type { IdentityConfig } from '../config.js';
import { hashSecret } from '../crypto/secrets.js';
import type { AuthorizationCodeData } from './authorization-code.data.js';
import { AuthorizationService, CODE_LIFETIME_MS, FORM_EXPIRED, SIGN_IN_FAILED } from './authorization.service.js';
import type { AuthorizationRequestInput } from './authorization.type.js';
import { WebSessions } from './web-session.js';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const CONFIG: IdentityConfig = {
  publicUrl: 'https://social.example',
  vapid: null,
  instanceTitle: 'Test',
  registrationsMode: 'open',
  authorizedOnly: false,
  sessionSecret: 'secret-for-authorization-tests',
};

const app: ApplicationRecord = {
  id: 7n,
  name: 'Elk',
  website: 'https://elk.example',
  redirectUris: 'https://elk.example/callback?source=oauth\nurn:ietf:wg:oauth:2.0:oob',
  scopes: 'read write follow',
  clientId: 'client-id',
  clientSecretHash: hashSecret('client-secret'),
  createdAt: NOW,
};

const alice: AccountRecord = {
  id: 42n, username: 'alice', displayName: 'Alice', note: '', locked: false, bot: false, discoverable: false,
  avatarKey: null, headerKey: null, fields: [], suspendedAt: null, createdAt: NOW,
  user: { email: 'alice@example.com', locale: null, defaultPrivacy: 'public', defaultSensitive: false, defaultLanguage: null },
};

function setup() {
  const stored: Array<Record<string, unknown>> = [];
  const sessions = new WebSessions(CONFIG.sessionSecret, () => NOW.getTime());
  const accountService = new AccountService({} as never, CONFIG);
  accountService.authenticate = async (email, password) => (email === 'alice@example.com' && password === 'correct horse' ? 42n : null);
  const service = new AuthorizationService({
    applications: { findByClientId: async (id: string) => (id === app.clientId ? app : null) } as unknown as ApplicationData,
    applicationService: new ApplicationService({} as never, CONFIG),
    accountService,
    codes: { create: async (row: Record<string, unknown>) => void stored.push(row) } as unknown as AuthorizationCodeData,
    sessions,
    loadActiveAccount: async (id) => (id === '42' ? alice : null),
    publicUrl: CONFIG.publicUrl,
    now: () => NOW,
  });
  const signedIn = () => {
    const session = sessions.issue('42');
    return { session, formToken: sessions.formToken(sessions.verify(session)!) };
  };
  return { service, sessions, stored, signedIn };
}

const request = (overrides: Partial<AuthorizationRequestInput> = {}): AuthorizationRequestInput => ({
  responseType: 'code',
  clientId: app.clientId,
  redirectUri: 'https://elk.example/callback?source=oauth',
  scope: 'read write',
  state: 'xyz',
  ...overrides,
});

async function oauthError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.extensions.oauth;
    throw error;
  }
  throw new Error('expected an OAuth error');
}

describe('AuthorizationService', () => {
  describe('checking a request', () => {
    const { service } = setup();

    it.each([
      { case: 'no client_id', overrides: { clientId: null }, error: 'invalid_request', status: 400 },
      { case: 'an unknown client_id', overrides: { clientId: 'nope' }, error: 'invalid_client', status: 401 },
      { case: 'no redirect_uri', overrides: { redirectUri: null }, error: 'invalid_request', status: 400 },
      { case: 'an unregistered redirect_uri', overrides: { redirectUri: 'https://evil.example/callback' }, error: 'invalid_redirect_uri', status: 400 },
      { case: 'a redirect_uri differing only in its query', overrides: { redirectUri: 'https://elk.example/callback' }, error: 'invalid_redirect_uri', status: 400 },
      { case: 'no response_type', overrides: { responseType: null }, error: 'invalid_request', status: 400 },
      { case: 'response_type token (implicit)', overrides: { responseType: 'token' }, error: 'unsupported_response_type', status: 400 },
      { case: 'response_mode form_post', overrides: { responseMode: 'form_post' }, error: 'unsupported_response_mode', status: 400 },
      { case: 'a scope the app did not register', overrides: { scope: 'read push' }, error: 'invalid_scope', status: 400 },
      { case: 'a scope no server knows', overrides: { scope: 'read crypto' }, error: 'invalid_scope', status: 400 },
      { case: 'a code_challenge without its method', overrides: { codeChallenge: CHALLENGE }, error: 'invalid_request', status: 400 },
      { case: 'the plain code_challenge_method', overrides: { codeChallenge: CHALLENGE, codeChallengeMethod: 'plain' }, error: 'invalid_request', status: 400 },
      { case: 'a code_challenge too short for S256', overrides: { codeChallenge: 'abc', codeChallengeMethod: 'S256' }, error: 'invalid_request', status: 400 },
    ])('refuses $case with $error', async ({ overrides, error, status }) => {
      expect(await oauthError(service.validate(request(overrides)))).toMatchObject({ error, status });
    });

    it('grants the default scope read when none is asked for', async () => {
      expect((await service.validate(request({ scope: null }))).scopes).toEqual(['read']);
    });

    it('accepts an S256 challenge', async () => {
      const valid = await service.validate(request({ codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' }));

      expect(valid).toMatchObject({ codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' });
    });
  });

  describe('the prompt', () => {
    it('asks a visitor without a session to sign in, with a nonce and its form token', async () => {
      const { service, sessions } = setup();

      const prompt = await service.prompt(request(), null, false);

      expect(prompt).toMatchObject({ signedInAs: null, scopes: ['read', 'write'], outOfBand: false, application: { name: 'Elk' } });
      expect(sessions.loginTokenMatches(prompt.loginNonce, prompt.formToken)).toBe(true);
    });

    it('asks a signed-in user to approve, with the form token of the session', async () => {
      const { service, signedIn } = setup();
      const { session, formToken } = signedIn();

      const prompt = await service.prompt(request(), session, false);

      expect(prompt).toMatchObject({ signedInAs: { username: 'alice' }, formToken, loginNonce: null });
    });

    it('asks to sign in again with force_login, even with a session', async () => {
      const { service, signedIn } = setup();

      expect((await service.prompt(request(), signedIn().session, true)).signedInAs).toBeNull();
    });

    it('treats the session of an account that can no longer act as none', async () => {
      const { service, sessions } = setup();

      expect((await service.prompt(request(), sessions.issue('43'), false)).signedInAs).toBeNull();
    });
  });

  describe('signing in', () => {
    it('answers a session for the right e-mail and password', async () => {
      const { service, sessions } = setup();
      const { nonce, token } = sessions.loginChallenge();

      const result = await service.signIn(request(), { email: 'alice@example.com', password: 'correct horse', loginNonce: nonce, formToken: token });

      expect(result).toMatchObject({ failure: null, prompt: { signedInAs: { username: 'alice' } } });
      expect(sessions.verify(result.session)?.accountId).toBe('42');
    });

    it('answers the failure and a fresh form for a wrong password', async () => {
      const { service, sessions } = setup();
      const { nonce, token } = sessions.loginChallenge();

      const result = await service.signIn(request(), { email: 'alice@example.com', password: 'wrong', loginNonce: nonce, formToken: token });

      expect(result).toMatchObject({ session: null, failure: SIGN_IN_FAILED, prompt: { signedInAs: null } });
      expect(sessions.loginTokenMatches(result.prompt.loginNonce, result.prompt.formToken)).toBe(true);
    });

    it('refuses a form whose token does not match the cookie nonce (cross-site post)', async () => {
      const { service, sessions } = setup();

      const result = await service.signIn(request(), {
        email: 'alice@example.com', password: 'correct horse', loginNonce: sessions.loginChallenge().nonce, formToken: 'forged',
      });

      expect(result).toMatchObject({ session: null, failure: FORM_EXPIRED });
    });
  });

  describe('deciding', () => {
    it('stores a hashed code on approval and redirects with it and the state, keeping the URI query', async () => {
      const { service, stored, signedIn } = setup();

      const decision = await service.decide(request({ codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' }), { approve: true, ...signedIn() });

      const redirect = new URL(decision.redirectTo!);
      expect(`${redirect.origin}${redirect.pathname}`).toBe('https://elk.example/callback');
      expect([...redirect.searchParams.keys()]).toEqual(['source', 'code', 'state']);
      expect(redirect.searchParams.get('state')).toBe('xyz');
      expect(stored).toEqual([{
        codeHash: hashSecret(redirect.searchParams.get('code')!),
        applicationId: 7n,
        accountId: 42n,
        redirectUri: 'https://elk.example/callback?source=oauth',
        scopes: 'read write',
        codeChallenge: CHALLENGE,
        codeChallengeMethod: 'S256',
        expiresAt: new Date(NOW.getTime() + CODE_LIFETIME_MS),
      }]);
    });

    it('redirects with error=access_denied and the state on denial, storing nothing', async () => {
      const { service, stored, signedIn } = setup();

      const decision = await service.decide(request(), { approve: false, ...signedIn() });

      expect(decision).toEqual({
        redirectTo: 'https://elk.example/callback?source=oauth&error=access_denied&error_description=The+resource+owner+or+authorization+server+denied+the+request.&state=xyz',
        retry: false,
      });
      expect(stored).toEqual([]);
    });

    it('puts the response in the fragment with response_mode fragment', async () => {
      const { service, signedIn } = setup();

      const decision = await service.decide(request({ responseMode: 'fragment', state: null }), { approve: true, ...signedIn() });

      expect(decision.redirectTo).toMatch(/^https:\/\/elk\.example\/callback\?source=oauth#code=[A-Za-z0-9_-]{43}$/);
    });

    it('sends the out-of-band code to the page that shows it', async () => {
      const { service, signedIn } = setup();

      const decision = await service.decide(request({ redirectUri: 'urn:ietf:wg:oauth:2.0:oob' }), { approve: true, ...signedIn() });

      expect(decision.redirectTo).toMatch(/^https:\/\/social\.example\/oauth\/authorize\/native\?code=[A-Za-z0-9_-]{43}$/);
    });

    it('asks to retry, storing nothing, without a session', async () => {
      const { service, stored, signedIn } = setup();

      expect(await service.decide(request(), { approve: true, session: null, formToken: signedIn().formToken })).toEqual({ redirectTo: null, retry: true });
      expect(stored).toEqual([]);
    });

    it("asks to retry, storing nothing, with another session's form token", async () => {
      const { service, stored, signedIn } = setup();

      expect(await service.decide(request(), { approve: true, session: signedIn().session, formToken: signedIn().formToken })).toEqual({
        redirectTo: null,
        retry: true,
      });
      expect(stored).toEqual([]);
    });
  });
});
