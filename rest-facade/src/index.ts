export * from './app.js';
export * from './config.js';
export * from './gateway-client.js';
export { definedOperations } from './entities/operation.js';
export type { FacadeServices } from './http/context.js';
export { routes } from './routes/index.js';
export * from './streaming/index.js';
export { StatusReadCache, type AnonymousRateLimit, type StatusReadCacheOptions } from './cache/status-read-cache.js';
