import type { EntityVersions } from '@social/cache';

interface Waiter {
  keys: readonly string[];
  resolve(tokens: string[]): void;
  reject(error: unknown): void;
}

/**
 * Reads version tokens for every fetch started in the same turn of the event
 * loop in one call: a page's parallel `_entities` fetches (a dozen for a
 * thread) cost one Redis round trip, not one each.
 */
export class VersionReads {
  private waiting: Waiter[] = [];

  constructor(private readonly versions: EntityVersions) {}

  read(keys: readonly string[]): Promise<string[]> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ keys, resolve, reject });
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    const unique = [...new Set(batch.flatMap((waiter) => waiter.keys))];
    this.versions.read(unique).then(
      (tokens) => {
        const byKey = new Map(unique.map((key, i) => [key, tokens[i]]));
        for (const waiter of batch) waiter.resolve(waiter.keys.map((key) => byKey.get(key) as string));
      },
      (error: unknown) => {
        for (const waiter of batch) waiter.reject(error);
      },
    );
  }
}
