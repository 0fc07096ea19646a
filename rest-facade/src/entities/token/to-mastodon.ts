// Doorkeeper's token response: created_at in whole seconds, no expiry, no refresh token.
import type { TokenFieldsFragment } from '../../gql/operations.js';

/** The old name, for code merged from before the generated types. @deprecated Use TokenFieldsFragment. @public */
export type GqlToken = TokenFieldsFragment;

export function tokenToMastodon(token: TokenFieldsFragment) {
  return {
    access_token: token.accessToken,
    token_type: token.tokenType,
    scope: token.scope,
    created_at: Math.floor(new Date(token.createdAt).getTime() / 1000),
  };
}
