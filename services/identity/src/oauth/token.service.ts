import { createHash } from 'node:crypto';
import { hashSecret, newSecret, secretMatches } from '../crypto/secrets.js';
import type { AccountService } from '../account/account.service.js';
import type { OAuthToken } from '../account/account.type.js';
import type { ApplicationData, ApplicationRecord } from '../application/application.data.js';
import type { AuthorizationCodeData } from './authorization-code.data.js';
import { grantedScopes } from './granted-scopes.js';
import { OAuthErrors, refuseOversizedParams } from './oauth-errors.js';
import type { TokenData } from './token.data.js';
import type { IdentityEvents } from './token.events.js';
import type { CreateTokenInput, RevokeTokenInput } from './token.type.js';

export const GRANT_TYPES = ['authorization_code', 'password', 'client_credentials'] as const;

/** The token endpoint's grants and RFC 7009 revocation, with Doorkeeper's errors. */
export class TokenService {
  constructor(
    private readonly applications: ApplicationData,
    private readonly accounts: AccountService,
    private readonly tokens: TokenData,
    private readonly codes: AuthorizationCodeData,
    private readonly events: IdentityEvents,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(input: CreateTokenInput): Promise<OAuthToken> {
    if (!input.grantType) throw OAuthErrors.missingParameter('grant_type');
    if (!(GRANT_TYPES as readonly string[]).includes(input.grantType)) throw OAuthErrors.unsupportedGrantType();
    refuseOversizedParams(input);
    const application = await this.authenticateClient(input.clientId, input.clientSecret);
    if (!application) throw OAuthErrors.invalidClient();
    if (input.grantType === 'authorization_code') return this.codeGrant(application, input);
    // A redirect_uri sent with the other grants must be one the app registered.
    if (input.redirectUri && !application.redirectUris.split('\n').includes(input.redirectUri)) throw OAuthErrors.invalidRedirectUri();
    if (input.grantType === 'password') return this.passwordGrant(application, input);
    return this.issue(application, null, grantedScopes(application.scopes, input.scope));
  }

  /** Revocation answers success for unknown and already revoked tokens (RFC 7009 2.2). */
  async revoke(input: RevokeTokenInput): Promise<boolean> {
    refuseOversizedParams(input);
    const application = await this.authenticateClient(input.clientId, input.clientSecret);
    if (!application) throw OAuthErrors.unauthorizedRevoke();
    const token = await this.tokens.findByHash(hashSecret(input.token));
    if (!token) return true;
    if (token.applicationId !== application.id) throw OAuthErrors.unauthorizedRevoke();
    if (await this.tokens.revoke(token.id)) this.events.emit({ type: 'token.revoked', tokenId: token.id.toString() });
    return true;
  }

  private async passwordGrant(application: ApplicationRecord, input: CreateTokenInput): Promise<OAuthToken> {
    if (!input.username) throw OAuthErrors.missingParameter('username');
    if (!input.password) throw OAuthErrors.missingParameter('password');
    const scopes = grantedScopes(application.scopes, input.scope);
    const accountId = await this.accounts.authenticate(input.username, input.password);
    if (accountId === null) throw OAuthErrors.invalidGrant();
    return this.issue(application, accountId, scopes);
  }

  /**
   * RFC 6749 4.1.3 with RFC 7636: the code must be this client's, unexpired,
   * unused, for the same redirect URI, and match the PKCE challenge it was
   * issued with. The token carries the scopes the user approved.
   */
  private async codeGrant(application: ApplicationRecord, input: CreateTokenInput): Promise<OAuthToken> {
    if (!input.code) throw OAuthErrors.missingParameter('code');
    if (!input.redirectUri) throw OAuthErrors.missingParameter('redirect_uri');
    const code = await this.codes.findByHash(hashSecret(input.code));
    const now = this.now();
    if (!code || code.applicationId !== application.id || code.usedAt || code.expiresAt <= now) throw OAuthErrors.invalidGrant();
    if (code.redirectUri !== input.redirectUri) throw OAuthErrors.invalidGrant();
    if (code.codeChallenge && !input.codeVerifier) throw OAuthErrors.missingParameter('code_verifier');
    if ((code.codeChallenge || input.codeVerifier) && !pkceMatches(code.codeChallenge, input.codeVerifier)) throw OAuthErrors.invalidGrant();
    if (!(await this.accounts.isActive(code.accountId))) throw OAuthErrors.invalidGrant();
    if (!(await this.codes.consume(code.id, now))) throw OAuthErrors.invalidGrant();
    return this.issue(application, code.accountId, code.scopes.split(' ').filter(Boolean));
  }

  private async authenticateClient(clientId: string | null | undefined, clientSecret: string | null | undefined) {
    if (!clientId || !clientSecret) return null;
    const application = await this.applications.findByClientId(clientId);
    return application && secretMatches(clientSecret, application.clientSecretHash) ? application : null;
  }

  private async issue(application: ApplicationRecord, accountId: bigint | null, scopes: string[]): Promise<OAuthToken> {
    const token = newSecret();
    const record = await this.tokens.create({ tokenHash: hashSecret(token), applicationId: application.id, accountId, scopes: scopes.join(' ') });
    return { accessToken: token, tokenType: 'Bearer', scope: record.scopes, createdAt: record.createdAt };
  }
}

/** S256: base64url(SHA-256(verifier)) equals the challenge (compared as digests, in constant time). */
export function pkceMatches(challenge: string | null, verifier: string | null | undefined): boolean {
  if (!challenge || !verifier) return false;
  return secretMatches(createHash('sha256').update(verifier).digest('base64url'), hashSecret(challenge));
}
