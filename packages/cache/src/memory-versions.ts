import { LRUCache } from 'lru-cache';
import type { EntityVersions } from './versions.js';

/**
 * Tokens in this process, for the one-process mode without Redis (readers
 * and writers are the same process). Bounded: an evicted key gets a new token
 * when next read, which only costs its cached answers a refill.
 */
export function createMemoryVersions(maxKeys = 100_000): EntityVersions {
  const tokens = new LRUCache<string, string>({ max: maxKeys });
  let issued = 0;
  return {
    kind: 'memory',
    async read(keys) {
      return keys.map((key) => {
        let token = tokens.get(key);
        if (token === undefined) {
          issued += 1;
          token = issued.toString(36);
          tokens.set(key, token);
        }
        return token;
      });
    },
    async bump(keys) {
      for (const key of keys) tokens.delete(key);
    },
    async close() {},
  };
}
