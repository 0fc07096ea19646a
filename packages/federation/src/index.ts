export * from './principal.js';
export * from './scopes.js';
export * from './context.js';
export * from './access.js';
export * from './build-subgraph.js';
export * from './executor.js';
export * from './subgraph-server.js';
export * from './global-id.js';
