import { ANONYMOUS, INVALID_TOKEN, parseScopes, REFUSED_LOGIN, type Principal } from '@social/federation';
import { hashSecret } from '../crypto/secrets.js';
import type { PrincipalCache } from './principal-cache.js';
import type { TokenData } from './token.data.js';

/**
 * Turns a bearer token into the principal the gateway hands to every
 * subgraph. An unknown token is anonymous (Mastodon's lookup returns nil); a
 * revoked token, or one whose user is gone, is invalid; one whose user may
 * not sign in (unconfirmed, pending approval, disabled or suspended) is
 * invalid with the reason, refused with 403 and Mastodon's text
 * (docs/api/oauth.md#users-who-may-not-sign-in). In
 * authorized-only mode every principal says so, and public operations then
 * refuse those without a user.
 */
export class PrincipalService {
  private readonly anonymous: Principal;

  constructor(
    private readonly tokens: TokenData,
    private readonly authorizedOnly: boolean,
    private readonly cache: PrincipalCache | null = null,
  ) {
    this.anonymous = authorizedOnly ? Object.freeze({ ...ANONYMOUS, authorizedOnly: true }) : ANONYMOUS;
  }

  async resolve(token: string | null): Promise<Principal> {
    if (!token) return this.anonymous;
    const tokenHash = hashSecret(token);
    const cached = this.cache?.get(tokenHash);
    if (cached) return cached;
    const generation = this.cache?.begin() ?? 0;
    const record = await this.tokens.findPrincipalByHash(tokenHash);
    if (!record) return this.anonymous;
    if (record.revoked) return INVALID_TOKEN;
    if (record.userGone) return INVALID_TOKEN;
    if (record.accountId !== null && record.refusal) return REFUSED_LOGIN[record.refusal];
    const principal: Principal = Object.freeze({
      kind: record.accountId === null ? 'app' : 'user',
      tokenId: record.id.toString(),
      applicationId: record.applicationId.toString(),
      accountId: record.accountId?.toString() ?? null,
      scopes: parseScopes(record.scopes),
      ...(this.authorizedOnly ? { authorizedOnly: true } : {}),
      // A post takes what it leaves out from these; a change empties this account's cached principals (PrincipalCache).
      ...(record.accountId !== null && record.postingDefaults ? { postingDefaults: Object.freeze(record.postingDefaults) } : {}),
      ...(record.accountId !== null && record.permissions !== 0 ? { permissions: record.permissions } : {}),
    });
    this.cache?.set(tokenHash, principal, generation);
    return principal;
  }
}
