import { GatewayError, userErrorsToGatewayError, type GqlUserError } from './errors';

/** What the routes do with a payload's errors. */
function throwUserErrors(errors: readonly GqlUserError[]): void {
  if (errors.length > 0) throw userErrorsToGatewayError(errors);
}

function thrown(work: () => void): GatewayError | undefined {
  try {
    work();
  } catch (error) {
    return error as GatewayError;
  }
  return undefined;
}

describe('userErrorsToGatewayError, as the routes use it', () => {
  it('does nothing when the payload has no errors', () => {
    expect(thrown(() => throwUserErrors([]))).toBeUndefined();
  });

  it("answers the whole message and Mastodon's details, keyed by the REST parameter name", () => {
    const error = thrown(() =>
      throwUserErrors([
        { code: 'INVALID', message: 'Validation failed: Display name is too long (maximum is 30 characters)', field: null, detail: null },
        { code: 'INVALID', message: 'is too long (maximum is 30 characters)', field: ['input', 'displayName'], detail: 'ERR_TOO_LONG' },
      ]),
    );
    expect(error?.error).toEqual({
      message: 'Validation failed: Display name is too long (maximum is 30 characters)',
      extensions: { code: 'BAD_USER_INPUT', details: { display_name: [{ error: 'ERR_TOO_LONG', description: 'is too long (maximum is 30 characters)' }] } },
    });
  });

  it.each([
    ['NOT_FOUND', 'NOT_FOUND'],
    ['MALFORMED', 'BAD_REQUEST'],
    ['NOT_ALLOWED', 'FORBIDDEN'],
  ] as const)('maps %s to the %s error code, without details', (code, expected) => {
    const error = thrown(() => throwUserErrors([{ code, message: 'm', field: ['input', 'x'], detail: null }]));
    expect(error?.error).toEqual({ message: 'm', extensions: { code: expected } });
  });
});
