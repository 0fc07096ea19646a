import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/*
 * The request id travels explicitly: in the facade's gateway calls, the
 * gateway's context, every subgraph's context, and the details of the log
 * lines written about a request. Not through an AsyncLocalStorage: on
 * Node 20 an active one runs promise hooks for every promise of every
 * request, which cost 14 % of a signed-in status read's CPU when it was
 * measured (bench/README.md, session 12).
 */

/** Ids a client or another process may hand us: short and plain, so they are safe in logs and headers. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The incoming id when it is sane, else a fresh one. */
export function acceptRequestId(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
