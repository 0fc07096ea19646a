import pino from 'pino';
import { currentTraceId } from '@social/telemetry';

export type Logger = pino.Logger;

/**
 * One pino logger per process; components take children of it. A line about
 * a request says its id as `requestId` in its details (the caller passes it:
 * there is no ambient request context, see @social/telemetry's
 * request-context), and its trace id when tracing is on.
 */
export function createLogger(name: string, level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { pid: process.pid },
    mixin() {
      const traceId = currentTraceId();
      return traceId ? { traceId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
