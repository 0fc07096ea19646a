import { Writable } from 'node:stream';
import { InMemorySpanExporter, startTracing, withSpan } from '@social/telemetry';
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
  it('writes the trace id on the lines logged inside a recorded span (children included), and nothing ambient outside', async () => {
    const { lines, logger } = capture();
    const tracing = startTracing({ serviceName: 'test', exporter: new InMemorySpanExporter() });
    try {
      const traceId = await withSpan('work', {}, async (span) => {
        logger.info('first');
        await new Promise((resolve) => setTimeout(resolve, 1));
        logger.child({ subgraph: 'statuses' }).warn({ requestId: 'req-42' }, 'after an await, in a child');
        return span.spanContext().traceId;
      });
      logger.info('outside');
      expect(lines.map(({ msg, requestId, subgraph, traceId: id }) => ({ msg, requestId, subgraph, traced: id === traceId }))).toEqual([
        { msg: 'first', requestId: undefined, subgraph: undefined, traced: true },
        { msg: 'after an await, in a child', requestId: 'req-42', subgraph: 'statuses', traced: true },
        { msg: 'outside', requestId: undefined, subgraph: undefined, traced: false },
      ]);
    } finally {
      await tracing.shutdown();
    }
  });
});
