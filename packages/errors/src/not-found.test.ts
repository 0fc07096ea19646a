import { AppError } from './app-error.js';
import { ErrorCode } from './codes.js';
import { isUnavailableError } from './unavailable.js';
import { isMissingFileError, orNullIf, orNullIfNotFound } from './not-found.js';

describe('orNullIfNotFound', () => {
  it('answers the value when the lookup succeeds', async () => {
    await expect(orNullIfNotFound(Promise.resolve({ id: '1' }))).resolves.toEqual({ id: '1' });
  });

  it('answers null for Record not found, and for a not-found with its own message', async () => {
    await expect(orNullIfNotFound(Promise.reject(AppError.notFound()))).resolves.toBeNull();
    await expect(orNullIfNotFound(Promise.reject(new AppError(ErrorCode.NOT_FOUND, 'gone')))).resolves.toBeNull();
  });

  it.each([
    ['a database outage', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a pool that was closed', new Error('Cannot use a pool after calling end on the pool')],
    ['another AppError', AppError.outsideScopes()],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('rethrows %s as it was', async (_name, error) => {
    await expect(orNullIfNotFound(Promise.reject(error))).rejects.toBe(error);
  });

  it('keeps an outage recognisable as one (503) after passing through', async () => {
    const outage = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const thrown = await orNullIfNotFound(Promise.reject(outage)).catch((error: unknown) => error);
    expect(isUnavailableError(thrown)).toBe(true);
  });
});

describe('orNullIf with isMissingFileError', () => {
  it('answers null for a path that does not exist', async () => {
    await expect(orNullIf(Promise.reject(Object.assign(new Error('no such file'), { code: 'ENOENT' })), isMissingFileError)).resolves.toBeNull();
  });

  it.each(['EACCES', 'ENOTDIR', 'ELOOP', 'EIO'])('rethrows %s', async (code) => {
    const error = Object.assign(new Error(code), { code });
    await expect(orNullIf(Promise.reject(error), isMissingFileError)).rejects.toBe(error);
  });
});
