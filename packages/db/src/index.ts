export * from './client.js';
export * from './ids.js';
export * from './errors.js';
export * from './migrations/index.js';
