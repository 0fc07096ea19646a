import type { RequestHandler } from 'express';
import { containsNul, NUL_REFUSED } from '@social/errors';
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

/**
 * The request line, before any route: a path or query string that is not
 * valid percent-encoded UTF-8, or that decodes to a NUL, is refused here,
 * whatever route (or none) would have taken it. Path parameters are decoded
 * by the router later; a NUL among them would otherwise reach a service's
 * query as text PostgreSQL refuses.
 */
export const rejectMalformedRequestLine: RequestHandler = (req, _res, next) => {
  const path = req.path;
  if (path.includes('%')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      next(new HttpError(400, 'Invalid percent-encoding in the request path'));
      return;
    }
    if (decoded.includes('\u0000')) {
      next(new HttpError(400, NUL_REFUSED));
      return;
    }
  }
  // Parsing the query (express's getter) throws the 400 of invalid UTF-8 itself.
  if (containsNul(req.query)) {
    next(new HttpError(400, NUL_REFUSED));
    return;
  }
  next();
};

/** Bodies: PostgreSQL cannot store U+0000 in text; refuse it at the door rather than fail later. */
export const rejectNul: RequestHandler = (req, _res, next) => {
  if (containsNul(req.body)) {
    next(new HttpError(400, NUL_REFUSED));
    return;
  }
  next();
};
