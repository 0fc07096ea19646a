export * from './settings.js';
export * from './buckets.js';
export * from './limiter.js';
export * from './plugin.js';
