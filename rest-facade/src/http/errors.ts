import type { ErrorRequestHandler, Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { ErrorCode, isUnavailableError, Messages, RETRY_AFTER_SECONDS } from '@social/errors';

/** An error the facade itself decides (malformed body, unknown route). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
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

export function sendGatewayError(res: Response, error: GraphQLFormattedError): void {
  const code = String(error.extensions?.code ?? '');
  if (code === ErrorCode.OAUTH) {
    const oauth = error.extensions?.oauth as OAuthExtension;
    res.setHeader('WWW-Authenticate', `Bearer realm="Doorkeeper", error="${oauth.error}", error_description="${oauth.error_description}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(oauth.status).json({ error: oauth.error, error_description: oauth.error_description });
    return;
  }
  if (code === ErrorCode.UNAVAILABLE) {
    sendUnavailable(res, committedIdOf(error));
    return;
  }
  const status = STATUS_BY_CODE[code];
  if (!status) {
    res.status(500).json({ error: 'Internal Server Error' });
    return;
  }
  if (status === 401) {
    res.setHeader('WWW-Authenticate', `Bearer realm="Doorkeeper", error="invalid_token", error_description="${error.message}"`);
  }
  const details = error.extensions?.details;
  res.status(status).json(details ? { error: error.message, details } : { error: error.message });
}

/** Last in the chain: every error leaves as JSON in the spec's shape. */
export function errorMiddleware(log: { error(obj: object, msg: string): void }): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof GatewayError) {
      if (!STATUS_BY_CODE[String(error.error.extensions?.code)] && error.error.extensions?.code !== ErrorCode.OAUTH) {
        log.error({ err: error.error, path: req.path }, 'gateway error without a known code');
      }
      sendGatewayError(res, error.error);
      return;
    }
    if (error instanceof HttpError) {
      if (error.status === 503) sendUnavailable(res);
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
    log.error({ err: error, path: req.path }, 'unhandled error');
    res.status(500).json({ error: 'Internal Server Error' });
  };
}

function isUnavailable(error: unknown): boolean {
  return isUnavailableError(error);
}
