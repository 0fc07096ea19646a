import { accountVersionKey, createMemoryVersions, IP_BLOCKS_VERSION_KEY, statusVersionKey, type EntityVersions } from '@social/cache';
import { StatusReadCache, type AnonymousRateLimit } from './status-read-cache.js';

function status(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: '10', visibility: 'public', account: { id: '1' }, mentions: [{ id: '2' }], reblog: null, poll: null, content: 'v1', ...overrides };
}
const bytes = (json: Record<string, unknown>) => Buffer.from(JSON.stringify(json));

class CountingLimit implements AnonymousRateLimit {
  consumed = 0;
  refunded = 0;
  allowed = true;
  async consume() {
    this.consumed += 1;
    return { allowed: this.allowed, report: { limit: 300, remaining: this.allowed ? 299 : 0, reset: 'x' } };
  }
  async refund() {
    this.refunded += 1;
  }
}

/** Reads the way the route does: lookup, then on a miss read through (here: `current`) and store. */
async function read(cache: StatusReadCache, current: () => Record<string, unknown>, beforeReadThrough?: () => Promise<void>, clientIp = '127.0.0.1') {
  const lookup = await cache.lookup('10', clientIp);
  if (lookup.kind !== 'miss') return lookup;
  await beforeReadThrough?.();
  const json = current();
  cache.store('10', lookup, json, bytes(json));
  return lookup;
}

describe('StatusReadCache', () => {
  let versions: EntityVersions;
  let limit: CountingLimit;
  let cache: StatusReadCache;
  beforeEach(() => {
    versions = createMemoryVersions();
    limit = new CountingLimit();
    cache = new StatusReadCache(versions, limit, { maxEntries: 100, maxAgeMs: 60_000 });
  });

  it('learns the dependencies on the first read, fills on the second, hits from the third', async () => {
    expect((await read(cache, status)).kind).toBe('miss');
    expect((await read(cache, status)).kind).toBe('miss');
    const third = await read(cache, status);
    expect(third.kind).toBe('hit');
    expect(third.kind === 'hit' && JSON.parse(third.body.toString()).content).toBe('v1');
  });

  it('reads through once anything the answer shows changed: the status, its author, a mentioned account, a boosted status', async () => {
    let json = status({ reblog: status({ id: '20', account: { id: '3' }, mentions: [] }) });
    for (const key of [statusVersionKey(10), accountVersionKey(1), accountVersionKey(2), statusVersionKey(20), accountVersionKey(3)]) {
      await read(cache, () => json);
      await read(cache, () => json);
      expect((await read(cache, () => json)).kind).toBe('hit');
      await versions.bump([key]);
      json = { ...json, content: key };
      expect((await read(cache, () => json)).kind).toBe('miss');
      const after = await read(cache, () => json);
      expect(after.kind === 'hit' && JSON.parse(after.body.toString()).content).toBe(key);
    }
  });

  it('hits only for an address the gateway answered under the current IP blocks (docs/api/moderation.md#ip-blocks)', async () => {
    await read(cache, status);
    await read(cache, status);
    expect((await read(cache, status)).kind).toBe('hit');
    // Another address: never read through yet, so the gateway has not said it is not refused.
    expect((await read(cache, status, undefined, '192.0.2.7')).kind).toBe('miss');
    expect((await read(cache, status, undefined, '192.0.2.7')).kind).toBe('hit');
    // A block changed: every address goes through the gateway once more (which refuses the blocked ones: no store).
    await versions.bump([IP_BLOCKS_VERSION_KEY]);
    expect((await read(cache, status)).kind).toBe('miss');
    expect((await cache.lookup('10', '192.0.2.7')).kind).toBe('miss');
    expect((await cache.lookup('10', '192.0.2.7')).kind).toBe('miss');
    expect((await read(cache, status)).kind).toBe('hit');
  });

  it('never keeps an answer read while a write was committing: the fill uses tokens read before the read-through', async () => {
    let content = 'old';
    await read(cache, () => status({ content }));
    // The second read's read-through sees the old row; the write commits and bumps before the fill is stored.
    await read(cache, () => status({ content }), async () => {
      content = 'new';
      await versions.bump([statusVersionKey(10)]);
    });
    const next = await read(cache, () => status({ content: 'new' }));
    expect(next.kind).toBe('miss');
    const after = await read(cache, () => status({ content: 'new' }));
    expect(after.kind === 'hit' && JSON.parse(after.body.toString()).content).toBe('new');
  });

  it('keeps no private or direct status, and forgets one that failed', async () => {
    for (const visibility of ['private', 'direct']) {
      for (let i = 0; i < 4; i++) expect((await read(cache, () => status({ visibility }))).kind).toBe('miss');
    }
    await read(cache, status);
    await read(cache, status);
    cache.forget('10');
    expect((await read(cache, status)).kind).toBe('miss');
  });

  it('serves a poll answer only until the poll ends', async () => {
    const json = status({ poll: { expired: false, expires_at: new Date(Date.now() + 150).toISOString() } });
    await read(cache, () => json);
    await read(cache, () => json);
    expect((await read(cache, () => json)).kind).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await read(cache, () => json)).kind).toBe('miss');
  });

  it('counts a hit against the rate limit, refuses past it, and gives the point back on a read-through', async () => {
    await read(cache, status);
    await read(cache, status);
    expect(limit.consumed).toBe(0);
    expect((await read(cache, status)).kind).toBe('hit');
    expect(limit.consumed).toBe(1);
    limit.allowed = false;
    expect((await read(cache, status)).kind).toBe('limited');
    limit.allowed = true;
    await versions.bump([statusVersionKey(10)]);
    expect((await read(cache, status)).kind).toBe('miss');
    expect(limit.refunded).toBe(1);
  });

  it('reads through and drops everything while the token store is unreachable', async () => {
    const reachable = versions;
    let down = false;
    const flaky: EntityVersions = { ...reachable, read: (keys) => (down ? Promise.reject(new Error('down')) : reachable.read(keys)) };
    const errors: unknown[] = [];
    cache = new StatusReadCache(flaky, null, { maxEntries: 100, maxAgeMs: 60_000 }, (error) => errors.push(error));
    await read(cache, status);
    await read(cache, status);
    expect((await read(cache, status)).kind).toBe('hit');
    down = true;
    expect((await read(cache, status)).kind).toBe('miss');
    down = false;
    // Nothing filled before the outage is trusted again: the read during it learnt the dependencies; then fill, then hit.
    expect((await read(cache, status)).kind).toBe('miss');
    expect((await read(cache, status)).kind).toBe('hit');
    expect(errors).toHaveLength(1);
  });

  it('honours its age limit', async () => {
    cache = new StatusReadCache(versions, null, { maxEntries: 100, maxAgeMs: 100 });
    await read(cache, status);
    await read(cache, status);
    expect((await read(cache, status)).kind).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await read(cache, status)).kind).toBe('miss');
  });
});
