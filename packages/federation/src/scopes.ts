import { AppError, ErrorCode, Messages } from '@social/errors';
import type { Principal } from './principal.js';

/** Every scope Mastodon knows (docs/api/oauth.md#scopes), in its `scopes_supported` order. */
export const ALL_SCOPES: readonly string[] = [
  'read', 'profile', 'write',
  'write:accounts', 'write:blocks', 'write:bookmarks', 'write:collections', 'write:conversations', 'write:favourites',
  'write:filters', 'write:follows', 'write:lists', 'write:media', 'write:mutes', 'write:notifications', 'write:reports',
  'write:statuses',
  'read:accounts', 'read:blocks', 'read:bookmarks', 'read:collections', 'read:favourites', 'read:filters', 'read:follows',
  'read:lists', 'read:mutes', 'read:notifications', 'read:search', 'read:statuses',
  'follow', 'push',
  'admin:read', 'admin:read:accounts', 'admin:read:reports', 'admin:read:domain_allows', 'admin:read:domain_blocks',
  'admin:read:ip_blocks', 'admin:read:email_domain_blocks', 'admin:read:canonical_email_blocks',
  'admin:write', 'admin:write:accounts', 'admin:write:reports', 'admin:write:domain_allows', 'admin:write:domain_blocks',
  'admin:write:ip_blocks', 'admin:write:email_domain_blocks', 'admin:write:canonical_email_blocks',
];

const KNOWN = new Set(ALL_SCOPES);

/**
 * Longest scope list read (every known scope once is 789 characters): a
 * longer one cannot be valid and is refused without being split.
 */
export const SCOPES_TEXT_LIMIT = 2000;

export function isKnownScope(scope: string): boolean {
  return KNOWN.has(scope);
}

/** Splits a space-separated scope string, dropping empties and duplicates. */
export function parseScopes(value: string): string[] {
  return [...new Set(value.split(/\s+/).filter(Boolean))];
}

/**
 * The scopes an operation accepts, any one of which suffices: the top-level
 * scope always covers its granular ones (`read` covers `read:statuses`), as
 * each Mastodon controller lists both.
 */
export function acceptedScopes(...granular: string[]): string[] {
  const accepted = new Set<string>();
  for (const scope of granular) {
    accepted.add(scope);
    const top = scope.split(':')[0];
    if (top === 'read' || top === 'write') accepted.add(top);
    if (scope.startsWith('admin:read:')) accepted.add('admin:read');
    if (scope.startsWith('admin:write:')) accepted.add('admin:write');
  }
  return [...accepted];
}

export interface AccessRule {
  /** Any one of these scopes suffices (see acceptedScopes). */
  scopes: readonly string[];
  /** The operation acts for a user: an app token gets FORBIDDEN (reason USER_TOKEN_REQUIRED; REST: 422, as in Mastodon). */
  user?: boolean;
  /** The operation needs an app token (client credentials), not a user one. */
  app?: boolean;
}

function hasAnyScope(principal: Principal, scopes: readonly string[]): boolean {
  return scopes.some((scope) => principal.scopes.includes(scope));
}

const REFUSAL_TEXT = { unconfirmed: Messages.loginUnconfirmed, pending: Messages.loginPending, disabled: Messages.loginDisabled } as const;

/**
 * The refusal of an invalid principal: 401 for a revoked token; 403 with
 * Mastodon's text for a live token whose user may not sign in
 * (docs/api/oauth.md#users-who-may-not-sign-in).
 */
export function invalidTokenError(principal: Principal): AppError {
  return principal.refusal ? new AppError(ErrorCode.FORBIDDEN, REFUSAL_TEXT[principal.refusal]) : AppError.invalidToken();
}

/** Doorkeeper's order: token (401), then scope (403), then the kind of token. */
export function assertAccess(principal: Principal, rule: AccessRule): void {
  if (principal.kind === 'invalid') throw invalidTokenError(principal);
  if (principal.kind === 'anonymous') throw AppError.invalidToken();
  if (!hasAnyScope(principal, rule.scopes)) throw AppError.outsideScopes();
  if (rule.user && principal.kind !== 'user') throw AppError.userTokenRequired();
  if (rule.app && principal.kind !== 'app') throw AppError.appTokenRequired();
}

/**
 * For public operations that also take a token (Mastodon's
 * authorize_if_got_token!): anonymous passes (an unknown token resolves to
 * anonymous, as in Mastodon); a revoked token is refused; a valid token must
 * carry the scope. In authorized-only mode a caller without a user (no
 * token, or an app token) gets 401, as Mastodon's require_authenticated_user!.
 */
export function assertOptionalAccess(principal: Principal, scopes: readonly string[]): void {
  if (principal.kind === 'invalid') throw invalidTokenError(principal);
  if (principal.authorizedOnly && principal.kind !== 'user') {
    throw new AppError(ErrorCode.UNAUTHENTICATED, Messages.authenticatedUserRequired);
  }
  if (principal.kind === 'anonymous') return;
  if (!hasAnyScope(principal, scopes)) throw AppError.outsideScopes();
}
