import { ErrorCode } from '@social/errors';
import { GatewayError } from './errors.js';

/** A mutation payload's UserError (docs/graphql.md#mutations). */
export interface GqlUserError {
  code: 'NOT_FOUND' | 'INVALID' | 'MALFORMED' | 'NOT_ALLOWED';
  message: string;
  field: string[] | null;
  detail: string | null;
}

/** The selection every payload route asks for. */
export const USER_ERROR_FIELDS = 'errors { code message field detail }';

/** Back to the error codes the one status table knows: 404, 422, 400, 403. */
const CODE: Record<GqlUserError['code'], string> = {
  NOT_FOUND: ErrorCode.NOT_FOUND,
  INVALID: ErrorCode.BAD_USER_INPUT,
  MALFORMED: ErrorCode.BAD_REQUEST,
  NOT_ALLOWED: ErrorCode.FORBIDDEN,
};

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Ends the request with Mastodon's answer when a payload has errors: the
 * status of the first one, its message as `error`, and the field errors with
 * a detail code as Mastodon's `details` (keyed by the REST parameter name).
 */
export function throwUserErrors(errors: readonly GqlUserError[]): void {
  const first = errors.find((error) => error.field === null) ?? errors[0];
  if (!first) return;
  const details: Record<string, Array<{ error: string; description: string }>> = {};
  for (const error of errors) {
    const name = error.field?.[1];
    if (error.field?.[0] === 'input' && name && error.detail) (details[snakeCase(name)] ??= []).push({ error: error.detail, description: error.message });
  }
  const extensions = { code: CODE[first.code], ...(Object.keys(details).length > 0 ? { details } : {}) };
  throw new GatewayError({ message: first.message, extensions });
}
