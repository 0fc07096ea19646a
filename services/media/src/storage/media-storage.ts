import type { Readable } from 'node:stream';

/** A write went past its byte limit; nothing of it was kept. */
export class TooLargeError extends Error {
  /** HTTP status when it ends a request (the internal upload route). */
  readonly status = 413;

  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
    this.name = 'TooLargeError';
  }
}

/**
 * Where media files live, by key (`media_attachments/files/.../original/x.jpg`,
 * `uploads/<id>`). The local implementation writes under MEDIA_DIR; an
 * S3-compatible one would map keys to object names, `url()` to the bucket's
 * or CDN's address, and `withLocalFile` to a download into a temporary file.
 * Every process that runs media jobs must see the same storage.
 */
export interface MediaStorage {
  /** Stores a stream or buffer under `key`, replacing any object there; resolves with its size. */
  put(key: string, source: Readable | Buffer, options?: { maxBytes?: number; contentType?: string }): Promise<number>;
  /** Takes over a file of this machine (moved when possible, else copied and removed). */
  adopt(key: string, localPath: string): Promise<number>;
  /** Renames an object (S3: copy, then delete). */
  move(from: string, to: string): Promise<void>;
  /** Runs `work` with a local path holding the object (S3: a temporary download). */
  withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes objects; missing ones are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Keys under `prefix` last written before `before` (for removing abandoned uploads). */
  listOlderThan(prefix: string, before: Date): Promise<string[]>;
  /** Clears what interrupted writes left behind before `before` (S3: incomplete multipart uploads). */
  removeAbandoned(before: Date): Promise<void>;
  /** The URL clients fetch the object at. */
  url(key: string): string;
}

/** Keys are relative paths of lowercase names: no `..`, no leading slash, nothing a shell or URL would misread. */
const KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.[a-z0-9]{1,8})?$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
