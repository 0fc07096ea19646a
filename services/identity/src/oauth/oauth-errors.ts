import { AppError } from '@social/errors';

/** Doorkeeper's OAuth errors: texts from its English locale (Mastodon's where it differs), statuses from its error response. */
export const OAuthErrors = {
  invalidClient: () =>
    AppError.oauth('invalid_client', 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.', 401),
  invalidGrant: () =>
    AppError.oauth('invalid_grant', 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.', 400),
  invalidScope: () => AppError.oauth('invalid_scope', 'The requested scope is invalid, unknown, or malformed.', 400),
  invalidRedirectUri: () => AppError.oauth('invalid_redirect_uri', 'The redirect uri included is not valid.', 400),
  unsupportedGrantType: () =>
    AppError.oauth('unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.', 400),
  unsupportedResponseType: () =>
    AppError.oauth('unsupported_response_type', 'The authorization server does not support this response type.', 400),
  unsupportedResponseMode: () =>
    AppError.oauth('unsupported_response_mode', 'The authorization server does not support this response mode.', 400),
  invalidCodeChallengeMethod: () => AppError.oauth('invalid_request', 'The code_challenge_method must be S256.', 400),
  invalidRequest: () =>
    AppError.oauth('invalid_request', 'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.', 400),
  missingParameter: (name: string) => AppError.oauth('invalid_request', `Missing required parameter: ${name}.`, 400),
  unauthorizedRevoke: () => AppError.oauth('unauthorized_client', 'You are not authorized to revoke this token', 403),
};

export const ACCESS_DENIED_DESCRIPTION = 'The resource owner or authorization server denied the request.';

/**
 * Longest OAuth parameter read (a redirect URI is at most 2,000 characters,
 * codes, secrets and PKCE verifiers far fewer; Doorkeeper sets no bound).
 */
const OAUTH_PARAM_LIMIT = 4096;

/** invalid_request when any parameter is longer than OAUTH_PARAM_LIMIT, before one is looked up or hashed. */
export function refuseOversizedParams(params: object): void {
  for (const value of Object.values(params)) {
    if (typeof value === 'string' && value.length > OAUTH_PARAM_LIMIT) throw OAuthErrors.invalidRequest();
  }
}
