import { SpanKind, trace } from '@opentelemetry/api';
import { withSpan } from './tracing.js';

const QUERY_METHODS = new Set(['queryRaw', 'executeRaw']);
const WRAPPING_METHODS = new Set(['connect', 'startTransaction']);

/**
 * Wraps a Prisma driver adapter factory so each SQL statement is a span
 * (`db.query`, with the statement) under the resolver that caused it. The
 * adapter's connections and transactions are wrapped alike. When tracing is
 * off, statements run as before, with one cheap check.
 */
export function traceDatabaseAdapter<T extends object>(factory: T, system: string): T {
  return wrap(factory, system);
}

function wrap<T extends object>(target: T, system: string): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      if (QUERY_METHODS.has(property)) {
        return (query: { sql: string }) => {
          const call = () => (value as (q: unknown) => Promise<unknown>).call(object, query);
          if (!trace.getActiveSpan()) return call();
          return withSpan('db.query', { kind: SpanKind.CLIENT, attributes: { 'db.system': system, 'db.statement': query.sql.slice(0, 2000) } }, call);
        };
      }
      if (WRAPPING_METHODS.has(property)) {
        return async (...args: unknown[]) => wrap((await (value as (...a: unknown[]) => Promise<object>).apply(object, args)), system);
      }
      return (value as (...a: unknown[]) => unknown).bind(object);
    },
  });
}
