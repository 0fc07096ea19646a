import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMissingFileError, orNullIf } from '@social/errors';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, TooLargeError, type MediaStorage } from './media-storage.js';

/** Where writes in progress live; the vacuum removes what a killed process left there. */
const TEMPORARY_PREFIX = 'tmp';

/**
 * Files under MEDIA_DIR, served by the facade at `<publicUrl>/system/<key>`.
 * Every write goes to a temporary name first and is renamed into place, so a
 * reader (or a process killed mid-write) never leaves a half file under a key.
 */
export class LocalStorage implements MediaStorage {
  constructor(
    private readonly root: string,
    private readonly baseUrl: string,
  ) {}

  async put(key: string, source: Readable | Buffer, options: { maxBytes?: number } = {}): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = await this.temporaryPath();
    try {
      if (Buffer.isBuffer(source)) {
        if (options.maxBytes !== undefined && source.length > options.maxBytes) throw new TooLargeError(options.maxBytes);
        await writeFile(temporary, source);
      } else {
        await pipeline(source, byteLimit(options.maxBytes), createWriteStream(temporary));
      }
      await rename(temporary, target);
      return (await stat(target)).size;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async adopt(key: string, localPath: string): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another file system (the OS temp folder): copy under a temporary name, then rename.
      const temporary = await this.temporaryPath();
      await copyFile(localPath, temporary);
      await rename(temporary, target);
      await unlink(localPath).catch(() => undefined);
    }
    return (await stat(target)).size;
  }

  async withLocalFile<T>(key: string, work: (filePath: string) => Promise<T>): Promise<T> {
    return work(this.pathOf(key));
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.pathOf(from), target);
  }

  async size(key: string): Promise<number | null> {
    const info = await orNullIf(stat(this.pathOf(key)), isMissingFileError);
    return info?.isFile() ? info.size : null;
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  async listOlderThan(prefix: string, before: Date): Promise<string[]> {
    assertValidKey(prefix);
    const folder = this.pathOf(prefix);
    // Nothing was ever written under the prefix; an unreadable folder is an error, not an empty one.
    const names = (await orNullIf(readdir(folder), isMissingFileError)) ?? [];
    const old: string[] = [];
    for (const name of names) {
      // Gone since the listing (another process removed it): skip it.
      const info = await orNullIf(stat(path.join(folder, name)), isMissingFileError);
      if (info?.isFile() && info.mtime < before) old.push(`${prefix}/${name}`);
    }
    return old;
  }

  async removeAbandoned(before: Date): Promise<void> {
    await this.delete(await this.listOlderThan(TEMPORARY_PREFIX, before));
  }

  url(key: string): string {
    return `${this.baseUrl}/system/${key}`;
  }

  /** Under `tmp/` of the same file system, so the final rename is atomic; abandoned ones are vacuumed by age. */
  private async temporaryPath(): Promise<string> {
    const folder = path.join(this.root, TEMPORARY_PREFIX);
    await mkdir(folder, { recursive: true });
    return path.join(folder, randomBytes(12).toString('hex'));
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

/** Passes bytes through until more than `limit` have gone by, then fails with TooLargeError. */
function byteLimit(limit: number | undefined): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (limit !== undefined && seen > limit) callback(new TooLargeError(limit));
      else callback(null, chunk);
    },
  });
}
