import pino from 'pino';
import { currentRequestId, currentTraceId } from '@social/telemetry';

export type Logger = pino.Logger;

/**
 * One pino logger per process; components take children of it. Lines logged
 * while serving a request carry its id (and its trace id when tracing is on).
 */
export function createLogger(name: string, level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { pid: process.pid },
    mixin() {
      const requestId = currentRequestId();
      const traceId = currentTraceId();
      return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
