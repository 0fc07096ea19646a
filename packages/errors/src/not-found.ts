import { isAppError } from './app-error.js';
import { ErrorCode } from './codes.js';

/** Whether the error is the one "Record not found" (missing, deleted, or hidden from the caller). */
export function isNotFoundError(error: unknown): boolean {
  return isAppError(error) && error.code === ErrorCode.NOT_FOUND;
}

/** Whether a file system call failed because the path does not exist (ENOENT); a denied or broken path is not "missing". */
export function isMissingFileError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

/**
 * The promise's value, or null when it fails in the one way the caller
 * treats as an answer (`isExpected`). Any other failure propagates: a
 * database outage must stay an outage (503), not become a missing record.
 */
export async function orNullIf<T>(promise: Promise<T>, isExpected: (error: unknown) => boolean): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isExpected(error)) return null;
    throw error;
  }
}

/** The promise's value, or null when it fails with "Record not found"; every other failure propagates. */
export function orNullIfNotFound<T>(promise: Promise<T>): Promise<T | null> {
  return orNullIf(promise, isNotFoundError);
}
