import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.js';

/** A request to a URL a user gave was refused before connecting: a scheme not fetched, or an address that is not public. */
export class RefusedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedUrlError';
  }
}

/**
 * Resolves like dns.lookup, then drops every address that is not public, so
 * the socket can only connect to an address that was checked (no window for
 * a second, different DNS answer). `allowPrivate` keeps them all (tests,
 * closed networks).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
      if (usable.length === 0) return callback(new RefusedUrlError(`${hostname} resolves to no public address`), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      const first = usable[0];
      callback(null, first.address, first.family);
    });
  };
}
