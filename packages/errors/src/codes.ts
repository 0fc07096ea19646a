/**
 * The closed list of error codes a subgraph may raise. They travel in
 * GraphQL `extensions.code`; the REST facade maps each to an HTTP status in
 * one table (rest-facade/src/http/errors.ts).
 */
export const ErrorCode = {
  /** No token, or an invalid or revoked one. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** The token lacks the scope, or a policy forbids the action. */
  FORBIDDEN: 'FORBIDDEN',
  /** Missing, deleted, or not visible to the caller: one code for all three. */
  NOT_FOUND: 'NOT_FOUND',
  /** Malformed request (a missing required parameter): HTTP 400. */
  BAD_REQUEST: 'BAD_REQUEST',
  /** Well-formed but invalid input (Rails' 422 "Validation failed"). */
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  RATE_LIMITED: 'RATE_LIMITED',
  /** A dependency (database, Redis) is down; retry later. */
  UNAVAILABLE: 'UNAVAILABLE',
  /** An OAuth 2.0 error (RFC 6749 section 5.2), with its own body shape. */
  OAUTH: 'OAUTH',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * What some refusals add in `extensions.reason`, so that a client can tell
 * them apart from others of the same code (and the REST facade keep
 * Mastodon's status for each).
 */
export const ErrorReason = {
  /** FORBIDDEN: the operation acts for a user and the token is an app's (client credentials). */
  USER_TOKEN_REQUIRED: 'USER_TOKEN_REQUIRED',
  /** FORBIDDEN: the operation needs an app token (client credentials), not a user's. */
  APP_TOKEN_REQUIRED: 'APP_TOKEN_REQUIRED',
} as const;

export type ErrorReason = (typeof ErrorReason)[keyof typeof ErrorReason];

/** Exact texts of Mastodon's error table (docs/api/errors.md#status-codes). */
export const Messages = {
  invalidToken: 'The access token is invalid',
  authenticatedUserRequired: 'This API requires an authenticated user',
  userRequired: 'This method requires an authenticated user',
  appTokenRequired: 'This method requires an client credentials authentication',
  outsideScopes: 'This action is outside the authorized scopes',
  notAllowed: 'This action is not allowed',
  /** A token whose user may not sign in (Mastodon's require_user!; docs/api/oauth.md#users-who-may-not-sign-in). */
  loginUnconfirmed: 'Your login is missing a confirmed e-mail address',
  loginPending: 'Your login is currently pending approval',
  loginDisabled: 'Your login is currently disabled',
  recordNotFound: 'Record not found',
  tooManyRequests: 'Too many requests',
  unavailable: 'There was a temporary problem serving your request, please try again',
  /** A write that committed, but whose answer could not be built: the body also names the record's id. */
  committedUnavailable: 'Your request was carried out, but its answer could not be completed; fetch the record by its id',
} as const;


/** The `extensions.code` of a GraphQL error as received (any JSON), or '' when it has none. */
export function errorCodeOf(error: { extensions?: { code?: unknown } } | null | undefined): string {
  const code = error?.extensions?.code;
  return typeof code === 'string' ? code : '';
}
