import { Redis } from 'ioredis';
import { eventually } from '@social/testkit';
import { randomBytes } from 'node:crypto';
import { CacheInvalidation } from './invalidation.js';
import { createMemoryVersions } from './memory-versions.js';
import { createRedisVersions } from './redis-versions.js';
import { accountProfileVersionKey, accountVersionKey, statusMediaVersionKey, statusVersionKey, type EntityVersions } from './versions.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function behavesAsVersions(name: string, open: () => Promise<{ versions: EntityVersions; reopen?: () => EntityVersions; close(): Promise<void> }>) {
  describe(name, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.close();
    });

    it('answers the same token for a key until it is bumped', async () => {
      const [first] = await subject.versions.read(['a']);
      const [again] = await subject.versions.read(['a']);
      expect(again).toBe(first);
      await subject.versions.bump(['a']);
      const [after] = await subject.versions.read(['a']);
      expect(after).not.toBe(first);
    });

    it('keeps the order of the keys asked and touches only the keys bumped', async () => {
      const before = await subject.versions.read(['x', 'y', 'z']);
      expect(new Set(before).size).toBe(3);
      await subject.versions.bump(['y']);
      const after = await subject.versions.read(['x', 'y', 'z']);
      expect(after[0]).toBe(before[0]);
      expect(after[1]).not.toBe(before[1]);
      expect(after[2]).toBe(before[2]);
    });

    it('never hands out a token again, however often a key is bumped', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const [token] = await subject.versions.read(['k']);
        expect(seen.has(token)).toBe(false);
        seen.add(token);
        await subject.versions.bump(['k']);
      }
    });

    if (name.startsWith('redis')) {
      it('is shared: a bump through one client changes what another reads', async () => {
        const other = subject.reopen?.();
        if (!other) return;
        const [before] = await other.read(['shared']);
        await subject.versions.bump(['shared']);
        const [after] = await other.read(['shared']);
        expect(after).not.toBe(before);
      });
    }
  });
}

behavesAsVersions('memory versions', async () => ({ versions: createMemoryVersions(), close: async () => {} }));

behavesAsVersions('redis versions', async () => {
  const prefix = `test-versions-${randomBytes(6).toString('hex')}:`;
  const clients = [new Redis(REDIS_URL, { keyPrefix: prefix, enableAutoPipelining: true }), new Redis(REDIS_URL, { keyPrefix: prefix })];
  return {
    versions: createRedisVersions(clients[0]),
    reopen: () => createRedisVersions(clients[1]),
    close: async () => {
      const plain = new Redis(REDIS_URL);
      const keys = await plain.keys(`${prefix}*`);
      if (keys.length > 0) await plain.del(...keys);
      for (const client of [...clients, plain]) await client.quit();
    },
  };
});

describe('CacheInvalidation', () => {
  it('bumps the keys of the statuses and accounts named, skipping missing ids', async () => {
    const versions = createMemoryVersions();
    const keys = [statusVersionKey(1n), statusVersionKey('2'), accountVersionKey(3n)];
    const before = await versions.read(keys);
    await new CacheInvalidation(versions).changed({ statuses: [1n, null, undefined], accounts: ['3'] });
    const after = await versions.read(keys);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[2]).not.toBe(before[2]);
  });

  it('retires the parts other subgraphs render with every change, and leaves them on a counters-only change', async () => {
    const versions = createMemoryVersions();
    const parts = [statusMediaVersionKey(5n), accountProfileVersionKey(6n)];
    const own = [statusVersionKey(5n), accountVersionKey(6n)];
    const invalidation = new CacheInvalidation(versions);
    const [partsBefore, ownBefore] = [await versions.read(parts), await versions.read(own)];

    await invalidation.countersChanged({ statuses: [5n], accounts: [6n] });
    const ownAfterCounters = await versions.read(own);
    expect(ownAfterCounters.every((token, i) => token !== ownBefore[i])).toBe(true);
    expect(await versions.read(parts)).toEqual(partsBefore);

    await invalidation.changed({ statuses: ['5'], accounts: ['6'] });
    const partsAfter = await versions.read(parts);
    expect(partsAfter.every((token, i) => token !== partsBefore[i])).toBe(true);
    expect((await versions.read(own)).every((token, i) => token !== ownAfterCounters[i])).toBe(true);
  });

  it('does not fail the write when the store is down, and retries the bump', async () => {
    const memory = createMemoryVersions();
    let failures = 1;
    const flaky: EntityVersions = {
      ...memory,
      bump: async (keys) => {
        if (failures-- > 0) throw new Error('down');
        return memory.bump(keys);
      },
    };
    const errors: unknown[] = [];
    const [before] = await memory.read([statusVersionKey(9n)]);
    await expect(new CacheInvalidation(flaky, (error) => errors.push(error)).changed({ statuses: [9n] })).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    // The bump is retried in the background.
    await eventually(async () => (await memory.read([statusVersionKey(9n)]))[0] !== before, { timeoutMs: 4_000, what: 'the retried bump' });
  });
});
