import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { PreparedEvent } from './events.js';
import { SseConnection } from './sse.js';

/** A response whose socket buffer the test sets. */
function fakeResponse(buffered: number) {
  const res = Object.assign(new EventEmitter(), {
    writableLength: buffered,
    writableEnded: false,
    destroyed: false,
    written: [] as string[],
    writeHead: jest.fn(),
    flushHeaders: jest.fn(),
    write(chunk: string | Buffer) {
      this.written.push(chunk.toString());
      return true;
    },
    end: jest.fn(),
    destroy() {
      this.destroyed = true;
    },
  });
  return res;
}

describe('SseConnection', () => {
  const limits = { maxBufferedBytes: 1000, heartbeatMs: 60_000 };

  it('writes the greeting, then events as they come, including those that came before it started', () => {
    const res = fakeResponse(0);
    const connection = new SseConnection(res as unknown as Response, limits, () => {});
    connection.deliver(new PreparedEvent('delete', '1'));
    connection.start();
    connection.deliver(new PreparedEvent('delete', '2'));

    expect(res.written).toEqual([':)\n', 'event: delete\ndata: 1\n\n', 'event: delete\ndata: 2\n\n']);
    connection.close();
  });

  it('drops a client that reads too slowly instead of buffering without bound', () => {
    const res = fakeResponse(0);
    const released = jest.fn();
    const closed = jest.fn();
    const connection = new SseConnection(res as unknown as Response, limits, closed);
    connection.hold(released);
    connection.start();
    res.writableLength = 5000;

    connection.deliver(new PreparedEvent('delete', '3'));

    expect(res.destroyed).toBe(true);
    expect(res.written).toEqual([':)\n']);
    expect(released).toHaveBeenCalledTimes(1);
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
