import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EntityVersions } from './versions.js';

/** How long a token lives unread-and-unbumped; after that the key gets a new one (a refill, never a stale answer). */
const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/**
 * One round trip for any number of keys: existing tokens, and new ones for
 * keys that have none (made from the caller's random prefix and the key's
 * position, so no two reads ever make the same token).
 */
const READ_SCRIPT = `
local tokens = {}
for i, key in ipairs(KEYS) do
  local token = redis.call('GET', key)
  if not token then
    token = ARGV[1] .. i
    redis.call('SET', key, token, 'EX', ARGV[2])
  end
  tokens[i] = token
end
return tokens`;

type VersionsRedis = Redis & { readVersionTokens(...args: Array<string | number>): Promise<string[]> };

/**
 * Tokens in Redis, shared by every process of a deployment. Pass a client
 * with autopipelining on and the same key prefix (namespace) as the other
 * processes: the read then shares its round trip with the rate-limit check.
 */
export function createRedisVersions(redis: Redis): EntityVersions {
  // Unique per process (random) and per read (counter): cheaper than fresh random bytes per read.
  const processPrefix = randomBytes(12).toString('base64url');
  let reads = 0;
  if (!('readVersionTokens' in redis)) redis.defineCommand('readVersionTokens', { lua: READ_SCRIPT });
  const client = redis as VersionsRedis;
  return {
    kind: 'redis',
    async read(keys) {
      if (keys.length === 0) return [];
      reads += 1;
      return client.readVersionTokens(keys.length, ...keys, `${processPrefix}.${reads.toString(36)}.`, TOKEN_TTL_SECONDS);
    },
    async bump(keys) {
      if (keys.length > 0) await client.del(...keys);
    },
    async close() {},
  };
}
