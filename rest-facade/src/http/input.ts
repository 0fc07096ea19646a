import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** body-parser's verify hook: a body that is not valid UTF-8 is refused whole. */
export function verifyUtf8(_req: unknown, _res: unknown, buffer: Buffer): void {
  try {
    utf8.decode(buffer);
  } catch {
    throw new HttpError(400, 'Invalid UTF-8 in request body');
  }
}

/**
 * qs's decoder for query strings and forms: a percent-escape that is not
 * UTF-8 is an error (Rails answers 400), not text kept as typed.
 */
export function strictDecoder(value: string): string {
  const plus = value.replace(/\+/g, ' ');
  if (!plus.includes('%')) return plus;
  try {
    return decodeURIComponent(plus);
  } catch {
    throw new HttpError(400, 'Invalid UTF-8 in request parameters');
  }
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || !value || typeof value !== 'object') return false;
  return Object.entries(value as Record<string, unknown>).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1));
}

/** PostgreSQL cannot store U+0000 in text; refuse it at the door rather than fail later. */
export const rejectNul: RequestHandler = (req, _res, next) => {
  if (containsNul(req.query) || containsNul(req.body) || containsNul(req.params)) {
    next(new HttpError(400, 'Parameters must not contain NUL characters'));
    return;
  }
  next();
};
