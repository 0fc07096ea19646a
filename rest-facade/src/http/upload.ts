import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { parseQuery } from './body.js';
import { HttpError } from './errors.js';
import { rejectNul } from './input.js';

/** A file part of a multipart request, written to a temporary file. */
export interface UploadedFile {
  /** The temporary file; removed by `cleanup()` unless the media service took it over. */
  path: string;
  size: number;
  fileName: string | null;
  contentType: string | null;
}

/**
 * Where the facade hands uploaded bytes: the media service, in this process
 * (a rename) or another one (streamed over its signed internal route). It
 * answers with the id the upload mutation then names the bytes by.
 */
export interface MediaUploads {
  stage(file: UploadedFile): Promise<string>;
}

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
 * Reads a multipart body as a stream: each allowed file part goes straight
 * to a temporary file, and the bytes past its limit are counted and dropped
 * while reading (never held in memory nor written); other fields become
 * `req.body` as a urlencoded form would. Without a multipart body (JSON or a
 * form, already parsed) there are no files.
 */
export async function readMultipart(req: Request, res: Response, limits: Record<string, FileLimit>, fieldBytes: number): Promise<MultipartFiles> {
  const result: MultipartFiles = { files: {}, tooLarge: new Map(), cleanup: async () => undefined };
  if (!isLeftToRoute(req) || !/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return result;
  const hardCap = Math.max(...Object.values(limits).map((limit) => limit('application/octet-stream'))) + 1;
  const temporary: string[] = [];
  result.cleanup = () => Promise.all(temporary.map((file) => rm(file, { force: true }))).then(() => undefined);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { fields: 1000, fieldSize: fieldBytes, files: Object.keys(limits).length + 8, fileSize: hardCap },
    });
  } catch {
    throw new HttpError(400, 'Malformed multipart body');
  }
  const pairs: string[] = [];
  let invalidText = false;
  const writes: Array<Promise<void>> = [];
  // Set by the write callbacks, read once they have all settled.
  let writeError = null as Error | null;
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('field', (name, value) => {
        if (value.includes('\uFFFD') || name.includes('\uFFFD')) invalidText = true;
        pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
      });
      parser.on('file', (name, stream, info) => {
        const limit = limits[name];
        if (!limit || result.files[name] || result.tooLarge.has(name)) {
          stream.resume();
          return;
        }
        const file = path.join(os.tmpdir(), `social-upload-${randomBytes(12).toString('hex')}`);
        temporary.push(file);
        const entry: UploadedFile = { path: file, size: 0, fileName: info.filename ?? null, contentType: info.mimeType ?? null };
        result.files[name] = entry;
        const bytes = limit(info.mimeType ?? '');
        const written = streamToFile(stream, createWriteStream(file), bytes, entry, () => {
          result.tooLarge.set(name, bytes);
          delete result.files[name];
        });
        // Settled here, reported once parsing is over: a part cut short is the client's fault, a disk error ours.
        writes.push(written.catch((error: unknown) => {
          writeError ??= error instanceof Error ? error : new Error(String(error));
        }));
      });
      parser.on('error', () => reject(new HttpError(400, 'Malformed multipart body')));
      parser.on('close', resolve);
      req.pipe(parser);
    });
    await Promise.all(writes);
    // A disk error (it names its system call) is ours, anything else a part the client cut short.
    if (writeError) throw (writeError as NodeJS.ErrnoException).syscall ? writeError : new HttpError(400, 'Malformed multipart body');
    if (invalidText) throw new HttpError(400, 'Invalid UTF-8 in request body');
    req.body = parseQuery(pairs.join('&'));
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on what express's next() was given
    await new Promise<void>((resolve, reject) => rejectNul(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
  } catch (error) {
    await result.cleanup();
    throw error;
  }
  return result;
}

/**
 * Copies a part to its file with backpressure; past `limit` it stops writing,
 * removes nothing yet (cleanup does), and keeps draining the part so the
 * parser can go on to the next one.
 */
function streamToFile(stream: NodeJS.ReadableStream, out: WriteStream, limit: number, entry: UploadedFile, onTooLarge: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let over = false;
    stream.on('data', (chunk: Buffer) => {
      if (over) return;
      entry.size += chunk.length;
      if (entry.size > limit) {
        over = true;
        onTooLarge();
        out.end();
        return;
      }
      if (!out.write(chunk)) {
        stream.pause();
        out.once('drain', () => stream.resume());
      }
    });
    stream.on('end', () => out.end());
    stream.on('error', reject);
    out.on('error', reject);
    out.on('close', resolve);
  });
}
