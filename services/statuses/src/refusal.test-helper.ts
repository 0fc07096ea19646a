// Test support (used by *.test.ts only): the message of the AppError a service call refuses with.
import { AppError } from '@social/errors';

export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}
