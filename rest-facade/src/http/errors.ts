import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { ErrorCode, errorCodeOf, ErrorReason, isUnavailableError, Messages, RETRY_AFTER_SECONDS } from '@social/errors';

/** An error the facade itself decides (malformed body, unknown route). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds before trying again, sent as Retry-After (a 429 or 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A GraphQL error from the gateway, carried to the one translation below. */
export class GatewayError extends Error {
  constructor(readonly error: GraphQLFormattedError) {
    super(error.message);
  }
}

/** A mutation payload's user error, as the facade selects it (docs/graphql.md#mutations). */
export interface GqlUserError {
  code: string;
  message: string;
  field: string[] | null;
  detail: string | null;
}

/**
 * The selection of a payload's errors every mutation operation of the facade makes, for operations still
 * written as inline strings (the .graphql files spell it out).
 * @public
 */
export const USER_ERROR_FIELDS = 'errors { code message field detail }';

/** The error code each UserError code stands for, so that it leaves through the table below as before. */
const CODE_BY_USER_ERROR: Record<string, string> = {
  NOT_FOUND: ErrorCode.NOT_FOUND,
  INVALID: ErrorCode.BAD_USER_INPUT,
  MALFORMED: ErrorCode.BAD_REQUEST,
  NOT_ALLOWED: ErrorCode.FORBIDDEN,
};

/**
 * A payload's user errors as the one GraphQL error they stand for: the first
 * error's code and message; errors with a `detail` (sign-up validation, one
 * per problem) rebuild Mastodon's `details` body, keyed by their REST parameter.
 * The REST answer is then the same status and body as before payloads.
 */
export function userErrorsToGatewayError(errors: readonly GqlUserError[]): GatewayError {
  // The summary is the error about the whole input (services put it first); a lone field error stands for itself.
  const summary = errors.find((error) => error.field === null) ?? errors[0];
  const details: Record<string, Array<{ error: string; description: string }>> = {};
  for (const error of errors) {
    const name = error.field?.at(-1);
    if (error.detail && name) (details[snakeCase(name)] ??= []).push({ error: error.detail, description: error.message });
  }
  const extensions: Record<string, unknown> = { code: CODE_BY_USER_ERROR[summary.code] ?? summary.code };
  if (Object.keys(details).length > 0) extensions.details = details;
  return new GatewayError({ message: summary.message, extensions });
}

/** An input field's name as the REST parameter it came from (displayName: display_name). */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The one table from error code to HTTP status (Mastodon's error handling). */
const STATUS_BY_CODE: Record<string, number> = {
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.BAD_USER_INPUT]: 422,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.UNAVAILABLE]: 503,
};

/** Refusals whose Mastodon status is not their code's: an app token on a user's route is Mastodon's 422. */
const STATUS_BY_REASON: Record<string, number> = {
  [ErrorReason.USER_TOKEN_REQUIRED]: 422,
};

function statusOf(error: GraphQLFormattedError): number | undefined {
  const reason = error.extensions?.reason;
  return (typeof reason === 'string' ? STATUS_BY_REASON[reason] : undefined) ?? STATUS_BY_CODE[errorCodeOf(error)];
}

/**
 * The record a write had committed when its answer could not be built (a
 * subgraph went away after the commit), as the gateway reports it with
 * UNAVAILABLE; null for any other error.
 */
export function committedIdOf(error: GraphQLFormattedError): string | null {
  if (error.extensions?.code !== ErrorCode.UNAVAILABLE) return null;
  const id = (error.extensions.committed as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/** A 503: try again shortly. A write that did commit says so and names its record, so a retry need not guess. */
export function sendUnavailable(res: Response, committedId: string | null = null): void {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(503).json(committedId ? { error: Messages.committedUnavailable, id: committedId } : { error: Messages.unavailable });
}

interface OAuthExtension {
  error: string;
  error_description: string;
  status: number;
}

/**
 * Retry-After of a refusal that says when to come back: the rate limits
 * (until the refusing bucket takes the request again) and overload (the
 * password hashing queue) put the seconds in `extensions.retryAfter`.
 */
export function setRetryAfter(res: ServerResponse, error: GraphQLFormattedError): void {
  const seconds = error.extensions?.retryAfter;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) res.setHeader('Retry-After', String(Math.ceil(seconds)));
}

/** The endpoints whose every error has OAuth's shape (RFC 6749 5.2), Doorkeeper's JSON endpoints. */
const OAUTH_JSON_PATHS = new Set(['/oauth/token', '/oauth/revoke']);

/**
 * The server refusing to try a token request now (too many sign-in attempts,
 * password hashing saturated) in OAuth's shape, so an OAuth client library
 * reads it: `temporarily_unavailable`, the reason, and Retry-After.
 */
function sendOAuthRefusal(res: Response, status: number, error: GraphQLFormattedError): void {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  setRetryAfter(res, error);
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ error: 'temporarily_unavailable', error_description: error.message });
}

function sendGatewayError(res: Response, error: GraphQLFormattedError, oauthEndpoint = false): void {
  const code = errorCodeOf(error);
  if (code === ErrorCode.OAUTH) {
    const oauth = error.extensions?.oauth as OAuthExtension;
    res.setHeader('WWW-Authenticate', `Bearer realm="Doorkeeper", error="${oauth.error}", error_description="${oauth.error_description}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(oauth.status).json({ error: oauth.error, error_description: oauth.error_description });
    return;
  }
  if (code === ErrorCode.UNAVAILABLE && !oauthEndpoint) {
    sendUnavailable(res, committedIdOf(error));
    return;
  }
  const status = statusOf(error);
  if (!status) {
    res.status(500).json({ error: 'Internal Server Error' });
    return;
  }
  if (oauthEndpoint && (status === 429 || status === 503)) {
    sendOAuthRefusal(res, status, error);
    return;
  }
  setRetryAfter(res, error);
  if (status === 401) {
    res.setHeader('WWW-Authenticate', `Bearer realm="Doorkeeper", error="invalid_token", error_description="${error.message}"`);
  }
  const details = error.extensions?.details;
  res.status(status).json(details ? { error: error.message, details } : { error: error.message });
}

/** Last in the chain: every error leaves as JSON in the shape of docs/api/errors.md#body. */
export function errorMiddleware(log: { error(obj: object, msg: string): void }): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof GatewayError) {
      if (!statusOf(error.error) && error.error.extensions?.code !== ErrorCode.OAUTH) {
        log.error({ err: error.error, path: req.path, requestId: res.getHeader('x-request-id') }, 'gateway error without a known code');
      }
      sendGatewayError(res, error.error, OAUTH_JSON_PATHS.has(req.path));
      return;
    }
    if (error instanceof HttpError) {
      if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(error.retryAfter));
      if (error.status === 503 && error.retryAfter === undefined) sendUnavailable(res);
      else res.status(error.status).json({ error: error.message });
      return;
    }
    // body-parser's errors carry a status (413 too large, 400 malformed, 415 charset).
    const status = (error as { status?: number; type?: string }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (error as { type?: string }).type;
      const message =
        type === 'entity.too.large' ? 'Request body is too large'
        : type === 'entity.parse.failed' ? 'Error occurred while parsing request parameters'
        : (error as Error).message;
      res.status(status).json({ error: message });
      return;
    }
    if (isUnavailable(error)) {
      sendUnavailable(res);
      return;
    }
    log.error({ err: error, path: req.path, requestId: res.getHeader('x-request-id') }, 'unhandled error');
    res.status(500).json({ error: 'Internal Server Error' });
  };
}

function isUnavailable(error: unknown): boolean {
  return isUnavailableError(error);
}
