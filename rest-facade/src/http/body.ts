import busboy from 'busboy';
import express, { type RequestHandler } from 'express';
import qs from 'qs';
import { HttpError } from './errors.js';
import { strictDecoder, verifyUtf8 } from './input.js';
import { isLeftToRoute } from './upload.js';

const MULTIPART = /^multipart\/form-data/i;
const FORM = 'application/x-www-form-urlencoded';
const QS_OPTIONS = { depth: 5, arrayLimit: 100, parameterLimit: 1000 } as const;

/**
 * Query strings and forms: Rails-style nesting (qs), with invalid UTF-8
 * refused, and too many parameters refused rather than silently cut.
 */
export function parseQuery(text: string): Record<string, unknown> {
  try {
    return qs.parse(text, { ...QS_OPTIONS, parameterLimit: QS_OPTIONS.parameterLimit, throwOnLimitExceeded: true, decoder: strictDecoder });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(413, 'Too many parameters');
  }
}

/** A form arrives as text (checked for UTF-8) and is parsed with parseQuery. */
const formFields: RequestHandler = (req, _res, next) => {
  if (typeof req.body !== 'string' || !req.is(FORM)) return next();
  try {
    req.body = parseQuery(req.body);
    next();
  } catch (error) {
    next(error);
  }
};

/**
 * Multipart forms without files (masto.js sends sign-up this way): fields are
 * read into the same nested shape qs gives a urlencoded form.
 */
function multipartFields(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    if (!MULTIPART.test(req.headers['content-type'] ?? '') || isLeftToRoute(req)) return next();
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fields: 1000, fieldSize: limitBytes, files: 0 }, defParamCharset: 'utf8' });
    } catch {
      return next(new HttpError(400, 'Malformed multipart body'));
    }
    const fields: Record<string, string[]> = {};
    const pairs: string[] = [];
    parser.on('field', (name, value) => {
      if (value.includes('\uFFFD')) (fields.invalid ??= []).push(name);
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    });
    parser.on('file', (_name, stream) => stream.resume());
    parser.on('error', () => next(new HttpError(400, 'Malformed multipart body')));
    parser.on('close', () => {
      if (fields.invalid) return next(new HttpError(400, 'Invalid UTF-8 in request body'));
      req.body = qs.parse(pairs.join('&'), QS_OPTIONS);
      next();
    });
    req.pipe(parser);
  };
}

/** JSON, urlencoded and multipart bodies, each refused whole when not valid UTF-8. */
export function bodyParsers(limitBytes: number): RequestHandler[] {
  return [
    express.json({ limit: limitBytes, type: ['application/json', 'application/*+json'], verify: verifyUtf8 }),
    express.text({ limit: limitBytes, type: FORM, verify: verifyUtf8 }),
    formFields,
    multipartFields(limitBytes),
  ];
}
