export * from './limits.js';
export * from './multipart.js';
export * from './staging.js';
export * from './focus.js';
