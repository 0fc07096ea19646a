export { EntityCache, type EntityCacheOptions } from './entity-cache.js';
