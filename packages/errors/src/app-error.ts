import { GraphQLError } from 'graphql';
import { ErrorCode, ErrorReason, Messages } from './codes.js';

/** Mastodon's `details` object of a 422 (sign-up validation). */
export type ValidationDetails = Record<string, Array<{ error: string; description: string }>>;

/** An OAuth 2.0 error: its RFC 6749 code, description and HTTP status. */
export interface OAuthErrorBody {
  error: string;
  error_description: string;
  status: number;
}

export interface AppErrorOptions {
  /** Internal cause: logged, never sent to a client. */
  cause?: unknown;
  details?: ValidationDetails;
  oauth?: OAuthErrorBody;
  /** Seconds the client should wait before trying again (HTTP Retry-After). */
  retryAfter?: number;
  /** Tells this refusal from others of its code (extensions.reason). */
  reason?: ErrorReason;
  /** The input field at fault, as a path from the operation's arguments (["input", "status"]): a mutation payload's UserError.field. */
  field?: string[];
}

/**
 * The one error type subgraphs throw. Its message is safe to show a client;
 * the cause is kept out of the GraphQL response.
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly internalCause: unknown;
  /** The input field at fault, when one is (UserError.field in a mutation payload). */
  readonly field: string[] | undefined;
  /** A FORBIDDEN about the target (a rule of the domain), not about the token: a mutation payload reports it as NOT_ALLOWED. */
  policy = false;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    const extensions: Record<string, unknown> = { code };
    if (options.details) extensions.details = options.details;
    if (options.oauth) extensions.oauth = options.oauth;
    if (options.retryAfter !== undefined) extensions.retryAfter = options.retryAfter;
    if (options.reason) extensions.reason = options.reason;
    super(message, { extensions });
    this.name = 'AppError';
    this.code = code;
    this.internalCause = options.cause;
    this.field = options.field;
  }

  /** Mastodon's 403 "This action is not allowed": a rule about the target forbids it, whatever the token. */
  static notAllowed(): AppError {
    const error = new AppError(ErrorCode.FORBIDDEN, Messages.notAllowed);
    error.policy = true;
    return error;
  }

  static notFound(): AppError {
    return new AppError(ErrorCode.NOT_FOUND, Messages.recordNotFound);
  }

  static invalidToken(): AppError {
    return new AppError(ErrorCode.UNAUTHENTICATED, Messages.invalidToken);
  }

  static outsideScopes(): AppError {
    return new AppError(ErrorCode.FORBIDDEN, Messages.outsideScopes);
  }

  /** An app token where the operation acts for a user: authenticated, but not as anyone who could do this. */
  static userTokenRequired(): AppError {
    return new AppError(ErrorCode.FORBIDDEN, Messages.userRequired, { reason: ErrorReason.USER_TOKEN_REQUIRED });
  }

  static appTokenRequired(): AppError {
    return new AppError(ErrorCode.FORBIDDEN, Messages.appTokenRequired, { reason: ErrorReason.APP_TOKEN_REQUIRED });
  }

  /** Rails' 422 "Validation failed: a, b" from a list of messages. */
  static validation(messages: string[], details?: ValidationDetails, field?: string[]): AppError {
    return new AppError(ErrorCode.BAD_USER_INPUT, `Validation failed: ${messages.join(', ')}`, { details, field });
  }

  static unprocessable(message: string, field?: string[]): AppError {
    return new AppError(ErrorCode.BAD_USER_INPUT, message, { field });
  }

  static badRequest(message: string, field?: string[]): AppError {
    return new AppError(ErrorCode.BAD_REQUEST, message, { field });
  }

  static oauth(error: string, description: string, status: number): AppError {
    return new AppError(ErrorCode.OAUTH, description, { oauth: { error, error_description: description, status } });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
