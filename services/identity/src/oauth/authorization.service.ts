import type { Principal } from '@social/federation';
import { hashSecret, newSecret } from '../crypto/secrets.js';
import type { AccountService } from '../account/account.service.js';
import type { AccountRecord } from '../account/account.data.js';
import type { ApplicationData, ApplicationRecord } from '../application/application.data.js';
import { OUT_OF_BAND_URI, type ApplicationService } from '../application/application.service.js';
import type { AuthorizationCodeData } from './authorization-code.data.js';
import type {
  AuthorizationDecision,
  DecideAuthorizationInput,
  AuthorizationPrompt,
  AuthorizationRequestInput,
  SignInInput,
  SignInResult,
} from './authorization.type.js';
import { grantedScopes } from './granted-scopes.js';
import { ACCESS_DENIED_DESCRIPTION, OAuthErrors, refuseOversizedParams } from './oauth-errors.js';
import type { WebSession, WebSessions } from './web-session.js';

/** Authorization codes live 10 minutes (Doorkeeper's default) and are single use. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
const RESPONSE_MODES = ['query', 'fragment'];
/** RFC 7636 4.2: base64url of a SHA-256 digest is 43 characters; 43-128 unreserved characters are allowed. */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export const SIGN_IN_FAILED = 'Invalid e-mail address or password.';
export const FORM_EXPIRED = 'This form has expired. Please sign in again.';

/** A request that passed Doorkeeper's pre-authorization checks. */
export interface ValidAuthorizationRequest {
  application: ApplicationRecord;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  responseMode: string;
}

export interface AuthorizationServiceDeps {
  applications: ApplicationData;
  applicationService: ApplicationService;
  accountService: AccountService;
  codes: AuthorizationCodeData;
  sessions: WebSessions;
  /** The signed-in account if it may still act (exists, not disabled or suspended). */
  loadActiveAccount(accountId: string): Promise<AccountRecord | null>;
  publicUrl: string;
  now?: () => Date;
}

function isOutOfBand(uri: string): boolean {
  return uri === OUT_OF_BAND_URI || uri === `${OUT_OF_BAND_URI}:auto`;
}

/**
 * The authorize page's rules (RFC 6749 4.1 with PKCE), in Doorkeeper's order:
 * the request is checked on every step; the page's session and form tokens
 * are checked by WebSessions; an approval stores a hashed, single-use code.
 */
export class AuthorizationService {
  private readonly now: () => Date;

  constructor(private readonly deps: AuthorizationServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async validate(request: AuthorizationRequestInput): Promise<ValidAuthorizationRequest> {
    refuseOversizedParams(request);
    if (!request.clientId) throw OAuthErrors.missingParameter('client_id');
    const application = await this.deps.applications.findByClientId(request.clientId);
    if (!application) throw OAuthErrors.invalidClient();
    if (!request.redirectUri) throw OAuthErrors.missingParameter('redirect_uri');
    if (!application.redirectUris.split('\n').includes(request.redirectUri)) throw OAuthErrors.invalidRedirectUri();
    if (!request.responseType) throw OAuthErrors.missingParameter('response_type');
    if (request.responseType !== 'code') throw OAuthErrors.unsupportedResponseType();
    const responseMode = request.responseMode || 'query';
    if (!RESPONSE_MODES.includes(responseMode)) throw OAuthErrors.unsupportedResponseMode();
    const scopes = grantedScopes(application.scopes, request.scope);
    const codeChallenge = request.codeChallenge || null;
    if (codeChallenge !== null) {
      if (request.codeChallengeMethod !== 'S256') throw OAuthErrors.invalidCodeChallengeMethod();
      if (!CODE_CHALLENGE.test(codeChallenge)) throw OAuthErrors.invalidRequest();
    }
    return {
      application,
      redirectUri: request.redirectUri,
      scopes,
      state: request.state ?? null,
      codeChallenge,
      codeChallengeMethod: codeChallenge ? 'S256' : null,
      responseMode,
    };
  }

  /** GET /oauth/authorize: the approve form for a signed-in user, else the sign-in form. */
  async prompt(request: AuthorizationRequestInput, sessionValue: string | null, forceLogin: boolean): Promise<AuthorizationPrompt> {
    const valid = await this.validate(request);
    const signedIn = forceLogin ? null : await this.activeSession(sessionValue);
    return this.promptFor(valid, signedIn);
  }

  async signIn(request: AuthorizationRequestInput, input: SignInInput): Promise<SignInResult> {
    const valid = await this.validate(request);
    const failed = async (failure: string): Promise<SignInResult> => ({ session: null, failure, prompt: await this.promptFor(valid, null) });
    if (!this.deps.sessions.loginTokenMatches(input.loginNonce, input.formToken)) return failed(FORM_EXPIRED);
    const accountId = await this.deps.accountService.authenticate(input.email, input.password);
    const account = accountId === null ? null : await this.deps.loadActiveAccount(accountId.toString());
    if (!account) return failed(SIGN_IN_FAILED);
    const session = this.deps.sessions.issue(account.id.toString());
    const signedIn = { session: this.deps.sessions.verify(session) as WebSession, account };
    return { session, failure: null, prompt: await this.promptFor(valid, signedIn) };
  }

  /** POST /oauth/authorize: approval stores a code and redirects with it; denial redirects with access_denied. */
  async decide(request: AuthorizationRequestInput, input: DecideAuthorizationInput): Promise<AuthorizationDecision> {
    const valid = await this.validate(request);
    const signedIn = await this.activeSession(input.session);
    if (!signedIn || !this.deps.sessions.formTokenMatches(signedIn.session, input.formToken)) return { redirectTo: null, retry: true };
    if (!input.approve) {
      return { redirectTo: this.redirect(valid, { error: 'access_denied', error_description: ACCESS_DENIED_DESCRIPTION }), retry: false };
    }
    const code = newSecret();
    await this.deps.codes.create({
      codeHash: hashSecret(code),
      applicationId: valid.application.id,
      accountId: signedIn.account.id,
      redirectUri: valid.redirectUri,
      scopes: valid.scopes.join(' '),
      codeChallenge: valid.codeChallenge,
      codeChallengeMethod: valid.codeChallengeMethod,
      expiresAt: new Date(this.now().getTime() + CODE_LIFETIME_MS),
    });
    return { redirectTo: this.redirect(valid, { code }), retry: false };
  }

  private async promptFor(
    valid: ValidAuthorizationRequest,
    signedIn: { session: WebSession; account: AccountRecord } | null,
  ): Promise<AuthorizationPrompt> {
    const base = {
      application: this.deps.applicationService.toApplication(valid.application),
      scopes: valid.scopes,
      outOfBand: isOutOfBand(valid.redirectUri),
    };
    if (signedIn) {
      const viewer: Principal = { kind: 'user', tokenId: null, applicationId: null, accountId: signedIn.account.id.toString(), scopes: [] };
      return {
        ...base,
        signedInAs: this.deps.accountService.toAccount(signedIn.account, viewer),
        formToken: this.deps.sessions.formToken(signedIn.session),
        loginNonce: null,
      };
    }
    const challenge = this.deps.sessions.loginChallenge();
    return { ...base, signedInAs: null, formToken: challenge.token, loginNonce: challenge.nonce };
  }

  private async activeSession(value: string | null | undefined): Promise<{ session: WebSession; account: AccountRecord } | null> {
    const session = this.deps.sessions.verify(value);
    const account = session ? await this.deps.loadActiveAccount(session.accountId) : null;
    return session && account ? { session, account } : null;
  }

  /**
   * The redirect URI with the response parameters (and state) in its query or
   * fragment; out-of-band, the page that shows the code instead.
   */
  private redirect(valid: ValidAuthorizationRequest, params: Record<string, string>): string {
    if (isOutOfBand(valid.redirectUri)) return `${this.deps.publicUrl}/oauth/authorize/native?${new URLSearchParams(params).toString()}`;
    const query = new URLSearchParams(valid.state === null ? params : { ...params, state: valid.state }).toString();
    if (valid.responseMode === 'fragment') return `${valid.redirectUri}#${query}`;
    return `${valid.redirectUri}${valid.redirectUri.includes('?') ? '&' : '?'}${query}`;
  }
}
