import type { GraphQLFormattedError } from 'graphql';
import { ErrorCode, errorCodeOf, ErrorReason, Messages } from '@social/errors';
import type { StreamKind } from './channels.js';

/** A streaming error: an HTTP status for SSE and the upgrade, an error frame over WebSocket. */
export class StreamError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The gateway's answer as Mastodon's streaming server words it
 * (docs/api/streaming.md#errors): its 401s name what is wrong with the token, a list that
 * is not the caller's is "Not authorized to stream this list".
 */
export function streamErrorOf(errors: readonly GraphQLFormattedError[] | undefined, hasToken: boolean, kind: StreamKind | null): StreamError {
  const error = errors?.[0];
  const code = errorCodeOf(error);
  // An app token where a user is needed: Mastodon finds no account behind it.
  if (error?.extensions?.reason === ErrorReason.USER_TOKEN_REQUIRED) return new StreamError(401, 'Invalid access token');
  switch (code) {
    case ErrorCode.UNAUTHENTICATED:
      return new StreamError(401, hasToken ? 'Invalid access token' : 'Missing access token');
    case ErrorCode.FORBIDDEN:
      return new StreamError(401, 'Access token does not have the required scopes');
    case ErrorCode.BAD_USER_INPUT:
      // Other invalid input keeps the answer this code always had here.
      return new StreamError(401, 'Invalid access token');
    case ErrorCode.NOT_FOUND:
      return kind === 'LIST' ? new StreamError(401, 'Not authorized to stream this list') : new StreamError(404, Messages.recordNotFound);
    case ErrorCode.BAD_REQUEST:
      return new StreamError(400, error?.message ?? 'Bad request');
    case ErrorCode.RATE_LIMITED:
      return new StreamError(429, Messages.tooManyRequests);
    case ErrorCode.UNAVAILABLE:
      return new StreamError(503, Messages.unavailable);
    default:
      return new StreamError(500, 'An unexpected error occurred');
  }
}
