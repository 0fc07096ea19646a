// Doorkeeper's token response: created_at in whole seconds, no expiry, no refresh token.
export interface GqlToken { accessToken: string; tokenType: string; scope: string; createdAt: string }

export const TOKEN_FIELDS = 'accessToken tokenType scope createdAt';

export function tokenToMastodon(token: GqlToken) {
  return {
    access_token: token.accessToken,
    token_type: token.tokenType,
    scope: token.scope,
    created_at: Math.floor(new Date(token.createdAt).getTime() / 1000),
  };
}
