export { isPublicAddress } from './public-address.js';
export { guardedLookup, RefusedUrlError } from './guarded-lookup.js';
