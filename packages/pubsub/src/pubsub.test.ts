import { randomUUID } from 'node:crypto';
import { eventually } from '@social/testkit';
import { createMemoryEventBus } from './mem.js';
import type { EventBus } from './pubsub.js';
import { createRedisEventBus } from './redis.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function nextMessage(bus: EventBus, channel: string): Promise<{ message: Promise<unknown>; unsubscribe: () => void }> {
  let resolve: (value: unknown) => void = () => {};
  const message = new Promise((r) => (resolve = r));
  return bus.subscribe(channel, resolve).then((unsubscribe) => ({ message, unsubscribe }));
}

// One contract, every implementation (as Hive's pubsub tests do).
describe.each([
  ['memory', () => [createMemoryEventBus(), createMemoryEventBus()] as const, true],
  ['redis', () => [createRedisEventBus(REDIS_URL), createRedisEventBus(REDIS_URL)] as const, false],
])('EventBus (%s)', (_name, make, isolated) => {
  let buses: readonly [EventBus, EventBus];
  beforeEach(() => {
    buses = make();
  });
  afterEach(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('delivers a published payload to a subscriber of the channel', async () => {
    const channel = `test:${randomUUID()}`;
    const { message, unsubscribe } = await nextMessage(buses[0], channel);
    await buses[0].publish(channel, { id: '1', event: 'update' });
    await expect(message).resolves.toEqual({ id: '1', event: 'update' });
    unsubscribe();
  });

  it('stops delivering after unsubscribe', async () => {
    const channel = `test:${randomUUID()}`;
    const received: unknown[] = [];
    const unsubscribe = await buses[0].subscribe(channel, (payload) => received.push(payload));
    // A subscriber that stays: once it has the payload, the one gone would have had it too.
    const witness = await nextMessage(buses[0], channel);
    unsubscribe();
    await buses[0].publish(channel, 'late');
    await expect(witness.message).resolves.toBe('late');
    expect(received).toEqual([]);
    witness.unsubscribe();
  });

  it(isolated ? 'keeps events inside the process that published them' : 'carries events between separate connections (processes)', async () => {
    const channel = `test:${randomUUID()}`;
    const received: unknown[] = [];
    const unsubscribe = await buses[1].subscribe(channel, (payload) => received.push(payload));
    const witness = await nextMessage(buses[0], channel);
    await buses[0].publish(channel, 'hello');
    await expect(witness.message).resolves.toBe('hello');
    if (isolated) expect(received).toEqual([]);
    else await eventually(() => received.length > 0, { timeoutMs: 4_000, what: 'the payload on the other connection' });
    expect(received).toEqual(isolated ? [] : ['hello']);
    unsubscribe();
    witness.unsubscribe();
  });
});
