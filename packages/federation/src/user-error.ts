import 'reflect-metadata';
import { Directive, Field, ObjectType, registerEnumType } from 'type-graphql';
import { AppError, ErrorCode } from '@social/errors';

/**
 * The closed set of problems a mutation reports in its payload's `errors`
 * (docs/graphql.md#mutations). Each is something the person using the
 * frontend can act on; token, scope, rate-limit and availability problems
 * stay top-level GraphQL errors, because no input change fixes them.
 * The REST facade maps each back to Mastodon's HTTP status.
 */
export enum UserErrorCode {
  /** The target does not exist, was deleted, or is not visible to the caller (REST 404). */
  NOT_FOUND = 'NOT_FOUND',
  /** Well-formed but invalid input: blank text, too long, too many options, a limit reached (REST 422). */
  INVALID = 'INVALID',
  /** Input that cannot be read at all: a malformed value, a missing part (REST 400). */
  MALFORMED = 'MALFORMED',
  /** The caller may not do this to this target, whatever the input (REST 403). */
  NOT_ALLOWED = 'NOT_ALLOWED',
}

registerEnumType(UserErrorCode, {
  name: 'UserErrorCode',
  description: 'What kind of problem a UserError is; branch on it, never on the message.',
  valuesConfig: {
    NOT_FOUND: { description: 'The target does not exist, was deleted, or is not visible to the caller.' },
    INVALID: { description: 'Well-formed but invalid input (blank, too long, too many, a limit reached).' },
    MALFORMED: { description: 'Input that cannot be read at all (a malformed value, a missing part).' },
    NOT_ALLOWED: { description: 'The caller may not do this to this target, whatever the input.' },
  },
});

/** One problem with a mutation's input or target. The mutation changed nothing when its payload has any. */
@Directive('@shareable')
@ObjectType({ description: 'One problem with a mutation\'s input or target; a payload with errors changed nothing.' })
export class UserError {
  @Field(() => UserErrorCode, { description: 'What kind of problem this is.' })
  code!: UserErrorCode;

  @Field({ description: 'The text to show (the REST API\'s message for the same problem).' })
  message!: string;

  @Field(() => [String], {
    nullable: true,
    description: 'Path to the input field at fault, from the mutation\'s arguments (["input", "status"]); null when the problem is the target or the input as a whole.',
  })
  field?: string[] | null;

  @Field(() => String, {
    nullable: true,
    description: 'A finer, stable code where the REST API has one (sign-up validation: ERR_TAKEN, ERR_BLANK, ...).',
  })
  detail?: string | null;
}

/** The fields every mutation payload has (docs/graphql.md#mutations). */
export interface Payload {
  errors: UserError[];
}

/**
 * The base of every `<Name>Payload` type: its `errors`. A payload extends it
 * with what its mutation changed, each field nullable (null when there are errors).
 */
@ObjectType({ description: 'Not in the schema: the fields every payload type inherits.' })
export abstract class MutationPayload implements Payload {
  @Field(() => [UserError], { description: 'Problems the user can fix; empty when the mutation did what was asked (it changed nothing otherwise).' })
  errors!: UserError[];
}

const USER_ERROR_CODES: Partial<Record<ErrorCode, UserErrorCode>> = {
  [ErrorCode.NOT_FOUND]: UserErrorCode.NOT_FOUND,
  [ErrorCode.BAD_USER_INPUT]: UserErrorCode.INVALID,
  [ErrorCode.BAD_REQUEST]: UserErrorCode.MALFORMED,
};

/**
 * The UserErrors an AppError stands for, or null when it is not the user's to
 * fix (a token, scope, rate-limit or availability refusal: those stay
 * top-level errors). A FORBIDDEN is a user error only when it carries no
 * reason and is not a scope refusal, i.e. a policy about the target.
 */
export function userErrorsOf(error: unknown): UserError[] | null {
  if (!(error instanceof AppError)) return null;
  let code = USER_ERROR_CODES[error.code];
  if (!code && error.code === ErrorCode.FORBIDDEN && error.extensions.reason === undefined && error.policy) code = UserErrorCode.NOT_ALLOWED;
  if (!code) return null;
  const details = error.extensions.details as Record<string, Array<{ error: string; description: string }>> | undefined;
  const errors: UserError[] = [{ code, message: error.message, field: error.field ?? null, detail: null }];
  for (const [name, problems] of Object.entries(details ?? {})) {
    for (const problem of problems) errors.push({ code, message: problem.description, field: ['input', name], detail: problem.error });
  }
  return errors;
}

/**
 * Runs a mutation's work and wraps its result in a payload: a user-fixable
 * AppError thrown by the work becomes `errors` (with every other payload
 * field null), anything else is rethrown as a top-level error. The work must
 * not have written anything when it throws (services validate first).
 */
export async function payload<T extends object>(work: () => Promise<T>, empty: { [K in keyof T]?: null }): Promise<T & Payload> {
  try {
    return { ...(await work()), errors: [] };
  } catch (error) {
    const errors = userErrorsOf(error);
    if (!errors) throw error;
    return { ...(empty as T), errors };
  }
}

/**
 * A delete's payload: runs the work, then answers the id of what it removed
 * under `key` (`deletedListId`, ...), as deletes do (docs/graphql.md#mutations).
 */
export function deletedPayload<K extends string>(key: K, id: string, work: () => Promise<unknown>): Promise<Record<K, string | null> & Payload> {
  const empty = { [key]: null } as Record<K, null>;
  return payload(async () => {
    await work();
    return { [key]: id } as Record<K, string | null>;
  }, empty);
}
