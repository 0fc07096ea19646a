import { EventStream } from './event-stream.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('EventStream', () => {
  it('yields events in the order they were enqueued, however long each takes to resolve', async () => {
    const stream = new EventStream<number>(10, () => {});
    stream.enqueue(() => new Promise((resolve) => setTimeout(() => resolve(1), 30)));
    stream.enqueue(async () => 2);
    stream.enqueue(async () => null);
    stream.enqueue(async () => 3);

    const values = [(await stream.next()).value, (await stream.next()).value, (await stream.next()).value];

    expect(values).toEqual([1, 2, 3]);
  });

  it('fails as too slow once more than `limit` events wait, after those already resolved', async () => {
    const closed = jest.fn();
    const stream = new EventStream<number>(2, closed);
    stream.enqueue(async () => 1);
    stream.enqueue(async () => 2);
    stream.enqueue(async () => 3);
    await tick();

    expect(closed).toHaveBeenCalledTimes(1);
    expect((await stream.next()).value).toBe(1);
    expect((await stream.next()).value).toBe(2);
    await expect(stream.next()).rejects.toMatchObject({ message: 'The subscriber is too slow: events were dropped', extensions: { code: 'UNAVAILABLE' } });
  });

  it('fails a waiting reader at once', async () => {
    const stream = new EventStream<number>(10, () => {});
    const reading = stream.next();
    stream.fail(new Error('revoked'));

    await expect(reading).rejects.toThrow('revoked');
  });

  it('ends after the events already resolved', async () => {
    const stream = new EventStream<number>(10, () => {});
    stream.push(1);
    stream.end();
    await tick();

    expect(await stream.next()).toEqual({ value: 1, done: false });
    expect(await stream.next()).toEqual({ value: undefined, done: true });
  });

  it('releases its listeners once when the subscriber leaves, and drops later events', async () => {
    const closed = jest.fn();
    const stream = new EventStream<number>(10, closed);
    const reading = stream.next();

    await stream.return();
    stream.enqueue(async () => 1);
    stream.fail(new Error('late'));

    expect(await reading).toEqual({ value: undefined, done: true });
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
