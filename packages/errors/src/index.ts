export * from './codes.js';
export * from './app-error.js';
export * from './nul.js';
export * from './not-found.js';
export * from './unavailable.js';
