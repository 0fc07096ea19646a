import { MalformedMultipartError, receiveMultipart, type ReceivedMultipart, type UploadedFile } from '@social/uploads';
import type { Request, RequestHandler, Response } from 'express';
import { parseQuery } from './body.js';
import { HttpError } from './errors.js';
import { rejectNul } from './input.js';

/** The bytes a file part may have; the content type the client gave decides (images are smaller). */
export type FileLimit = (contentType: string) => number;

export interface MultipartFiles {
  files: Record<string, UploadedFile>;
  /** File fields that went over their limit, with that limit: nothing of them was kept. */
  tooLarge: Map<string, number>;
  cleanup: () => Promise<void>;
}

const STREAMED = Symbol('multipart body left to the route');

/** Marks a request whose multipart body the route reads itself (mounted before the body parsers). */
export const leaveMultipartToRoute: RequestHandler = (req, _res, next) => {
  (req as Request & { [STREAMED]?: boolean })[STREAMED] = true;
  next();
};

export function isLeftToRoute(req: Request): boolean {
  return (req as Request & { [STREAMED]?: boolean })[STREAMED] === true;
}

/**
 * Reads a multipart body as a stream (receiveMultipart: files straight to
 * temporary files, sizes enforced while reading); other fields become
 * `req.body` as a urlencoded form would. Without a multipart body (JSON or a
 * form, already parsed) there are no files.
 */
export async function readMultipart(req: Request, res: Response, limits: Record<string, FileLimit>, fieldBytes: number): Promise<MultipartFiles> {
  if (!isLeftToRoute(req) || !/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return { files: {}, tooLarge: new Map(), cleanup: async () => undefined };
  let read: ReceivedMultipart;
  try {
    read = await receiveMultipart(req, {
      fileLimit: (field, contentType) => limits[field]?.(contentType) ?? null,
      maxFileBytes: Math.max(...Object.values(limits).map((limit) => limit('application/octet-stream'))),
      maxFiles: Object.keys(limits).length + 8,
      fieldBytes,
      tempPrefix: 'social-upload-',
    });
  } catch (error) {
    throw error instanceof MalformedMultipartError ? new HttpError(400, error.message) : error;
  }
  try {
    if (read.invalidText) throw new HttpError(400, 'Invalid UTF-8 in request body');
    req.body = parseQuery(read.fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&'));
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on what express's next() was given
    await new Promise<void>((resolve, reject) => rejectNul(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
  } catch (error) {
    await read.cleanup();
    throw error;
  }
  return { files: read.files, tooLarge: read.tooLarge, cleanup: read.cleanup };
}
