import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What every log line and outgoing call of one request needs to know. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it awaits) as part of the request `requestId`. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The id of the request being served, if any (the logger adds it to each line). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Ids a client or another process may hand us: short and plain, so they are safe in logs and headers. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The incoming id when it is sane, else a fresh one. */
export function acceptRequestId(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
