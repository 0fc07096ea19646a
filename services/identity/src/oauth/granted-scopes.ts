import { isKnownScope, parseScopes, SCOPES_TEXT_LIMIT } from '@social/federation';
import { OAuthErrors } from './oauth-errors.js';

/**
 * The scopes a token or code will carry: those requested, which must all be
 * registered by the application; none requested means read (Doorkeeper's
 * default scope). Anything else is invalid_scope.
 */
export function grantedScopes(registeredScopes: string, requested: string | null | undefined): string[] {
  if (requested && requested.length > SCOPES_TEXT_LIMIT) throw OAuthErrors.invalidScope();
  const scopes = parseScopes(requested?.trim() ? requested : 'read');
  const registered = new Set(parseScopes(registeredScopes));
  if (!scopes.every((scope) => isKnownScope(scope) && registered.has(scope))) throw OAuthErrors.invalidScope();
  return scopes;
}
