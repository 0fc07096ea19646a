import pino from 'pino';

export type Logger = pino.Logger;

/** One pino logger per process; components take children of it. */
export function createLogger(name: string, level: string): Logger {
  return pino({ name, level, base: { pid: process.pid } });
}
