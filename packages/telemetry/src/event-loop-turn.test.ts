import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nextTurnIfLong, TURN_BUDGET_MS } from './event-loop-turn.js';

/** Busy-waits: synchronous work, as a PGlite query is. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('nextTurnIfLong', () => {
  it('lets a young turn go on, and sends an old one to the next turn', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    expect(nextTurnIfLong()).toBeUndefined();
    expect(nextTurnIfLong()).toBeUndefined();
    spin(TURN_BUDGET_MS + 1);
    const wait = nextTurnIfLong();
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    // A new turn: young again.
    expect(nextTurnIfLong()).toBeUndefined();
  });

  it('lets a request in between the pieces of a chain of synchronous work that never waits on I/O', async () => {
    const server = createServer((_req, res) => res.end('OK'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answered: number[] = [];
    const started = performance.now();
    request({ port, host: '127.0.0.1', path: '/health' }, (res) => {
      res.resume();
      res.on('end', () => answered.push(performance.now() - started));
    }).end();
    // 200 pieces of 2 ms each, chained through promises only: 400 ms without a yield.
    for (let piece = 0; piece < 200; piece++) {
      const wait = nextTurnIfLong();
      if (wait) await wait;
      spin(2);
    }
    const chainMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.close();
    expect(answered).toHaveLength(1);
    // Answered while the chain ran, not after it.
    expect(answered[0]).toBeLessThan(chainMs / 2);
  });
});
