import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import busboy from 'busboy';
import type { UploadedFile } from './staging.js';

/** The body is not a multipart body busboy can read, or a part was cut short: the client's mistake. */
export class MalformedMultipartError extends Error {
  constructor(message = 'Malformed multipart body') {
    super(message);
    this.name = 'MalformedMultipartError';
  }
}

export interface MultipartOptions {
  /** The bytes a file part of this field and declared type may have; null: the part is not wanted and is drained. */
  fileLimit(field: string, contentType: string): number | null;
  /** No part is read past this many bytes, whatever fileLimit says. */
  maxFileBytes: number;
  /** File parts read at most (busboy drains the rest). */
  maxFiles: number;
  /** Bytes of one text field. */
  fieldBytes: number;
  /** Text fields, in order, as they arrive (before the files that follow them); a throw refuses the body. */
  onField?(name: string, value: string): void;
  /** Names the temporary files (`<prefix><random>` in the system's temporary folder). */
  tempPrefix: string;
}

export interface ReceivedMultipart {
  /** Text fields in order. */
  fields: Array<[string, string]>;
  files: Record<string, UploadedFile>;
  /** File fields that went over their limit, with that limit: nothing of them was kept. */
  tooLarge: Map<string, number>;
  /** A field name or value was not valid UTF-8. */
  invalidText: boolean;
  /** Removes the temporary files (a file the media service adopted is already gone). */
  cleanup: () => Promise<void>;
}

/**
 * Reads a multipart body as a stream: each wanted file part goes straight to
 * a temporary file, and the bytes past its limit are counted and dropped
 * while reading (never held in memory nor written). On any failure the files
 * written so far are removed before the error is thrown; on success the
 * caller removes them with `cleanup()`.
 */
export async function receiveMultipart(req: IncomingMessage, options: MultipartOptions): Promise<ReceivedMultipart> {
  const temporary: string[] = [];
  const result: ReceivedMultipart = {
    fields: [],
    files: {},
    tooLarge: new Map(),
    invalidText: false,
    cleanup: () => Promise.all(temporary.map((file) => rm(file, { force: true }))).then(() => undefined),
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { fields: 1000, fieldSize: options.fieldBytes, files: options.maxFiles, fileSize: options.maxFileBytes + 1 },
    });
  } catch {
    throw new MalformedMultipartError();
  }
  const writes: Array<Promise<void>> = [];
  // Set by the handlers, read once parsing is over: a refused field, a write that failed.
  let refusal = null as Error | null;
  let writeError = null as Error | null;
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('field', (name, value) => {
        if (value.includes('\uFFFD') || name.includes('\uFFFD')) result.invalidText = true;
        result.fields.push([name, value]);
        if (refusal || !options.onField) return;
        try {
          options.onField(name, value);
        } catch (error) {
          refusal = error instanceof Error ? error : new Error(String(error));
        }
      });
      parser.on('file', (name, stream, info) => {
        const limit = refusal || result.files[name] || result.tooLarge.has(name) ? null : options.fileLimit(name, info.mimeType ?? '');
        if (limit === null) {
          stream.resume();
          return;
        }
        const file = path.join(os.tmpdir(), `${options.tempPrefix}${randomBytes(12).toString('hex')}`);
        temporary.push(file);
        const entry: UploadedFile = { path: file, size: 0, fileName: info.filename ?? null, contentType: info.mimeType ?? null };
        result.files[name] = entry;
        const written = streamToFile(stream, createWriteStream(file), limit, entry, () => {
          result.tooLarge.set(name, limit);
          delete result.files[name];
        });
        // Settled here, reported once parsing is over: a part cut short is the client's fault, a disk error ours.
        writes.push(written.catch((error: unknown) => {
          writeError ??= error instanceof Error ? error : new Error(String(error));
        }));
      });
      parser.on('error', () => reject(new MalformedMultipartError()));
      parser.on('close', resolve);
      req.pipe(parser);
    });
    await Promise.all(writes);
    if (refusal) throw refusal;
    // A disk error (it names its system call) is ours, anything else a part the client cut short.
    if (writeError) throw (writeError as NodeJS.ErrnoException).syscall ? writeError : new MalformedMultipartError();
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
