import { Writable } from 'node:stream';
import { runWithRequestId } from '@social/telemetry';
import { createLogger } from './logger';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('test', 'info', stream) };
}

describe('createLogger', () => {
  it('writes the request id on every line logged while serving a request, children included', async () => {
    const { lines, logger } = capture();
    await runWithRequestId('req-42', async () => {
      logger.info('first');
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.child({ subgraph: 'statuses' }).warn('after an await, in a child');
    });
    logger.info('outside');
    expect(lines.map(({ msg, requestId, subgraph }) => ({ msg, requestId, subgraph }))).toEqual([
      { msg: 'first', requestId: 'req-42', subgraph: undefined },
      { msg: 'after an await, in a child', requestId: 'req-42', subgraph: 'statuses' },
      { msg: 'outside', requestId: undefined, subgraph: undefined },
    ]);
  });
});
