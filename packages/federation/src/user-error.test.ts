import { AppError, ErrorCode } from '@social/errors';
import { deletedPayload, payload, userErrorsOf, UserErrorCode } from './user-error.js';

describe('userErrorsOf', () => {
  it('reports a validation failure as INVALID with its field', () => {
    expect(userErrorsOf(AppError.unprocessable('Validation failed: Text can\'t be blank', ['input', 'status']))).toEqual([
      { code: UserErrorCode.INVALID, message: 'Validation failed: Text can\'t be blank', field: ['input', 'status'], detail: null },
    ]);
  });

  it('reports NOT_FOUND about the target, with no field', () => {
    expect(userErrorsOf(AppError.notFound())).toEqual([{ code: UserErrorCode.NOT_FOUND, message: 'Record not found', field: null, detail: null }]);
  });

  it('adds one error per sign-up detail, with its stable code', () => {
    const error = AppError.validation(['Username has already been taken'], { username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }] });
    expect(userErrorsOf(error)?.[1]).toEqual({ code: UserErrorCode.INVALID, message: 'has already been taken', field: ['input', 'username'], detail: 'ERR_TAKEN' });
  });

  it('reports a rule about the target as NOT_ALLOWED', () => {
    expect(userErrorsOf(AppError.notAllowed())?.[0]?.code).toBe(UserErrorCode.NOT_ALLOWED);
  });

  it('leaves token, scope, rate-limit and availability refusals top-level', () => {
    for (const error of [AppError.invalidToken(), AppError.outsideScopes(), AppError.userTokenRequired(), new AppError(ErrorCode.RATE_LIMITED, 'Too many requests'), new AppError(ErrorCode.UNAVAILABLE, 'down'), new Error('boom')]) {
      expect(userErrorsOf(error)).toBeNull();
    }
  });
});

describe('payload', () => {
  it('wraps a result with no errors', async () => {
    await expect(payload(async () => ({ status: { id: '1' } }), { status: null })).resolves.toEqual({ status: { id: '1' }, errors: [] });
  });

  it('turns a user error into errors with the other fields null', async () => {
    await expect(payload(async () => { throw AppError.notFound(); }, { status: null })).resolves.toEqual({
      status: null,
      errors: [{ code: UserErrorCode.NOT_FOUND, message: 'Record not found', field: null, detail: null }],
    });
  });

  it('rethrows what is not the user\'s to fix', async () => {
    await expect(payload(async () => { throw AppError.outsideScopes(); }, { status: null })).rejects.toThrow('outside the authorized scopes');
  });
});

describe('deletedPayload', () => {
  it('answers the deleted id once the work is done, and null with the errors when it is refused', async () => {
    const deleted: string[] = [];
    await expect(deletedPayload('deletedListId', '7', async () => deleted.push('7'))).resolves.toEqual({ deletedListId: '7', errors: [] });
    expect(deleted).toEqual(['7']);
    await expect(deletedPayload('deletedListId', '8', async () => { throw AppError.notFound(); })).resolves.toEqual({
      deletedListId: null,
      errors: [{ code: UserErrorCode.NOT_FOUND, message: 'Record not found', field: null, detail: null }],
    });
  });
});
