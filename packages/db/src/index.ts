export * from './client.js';
export * from './ids.js';
export * from './errors.js';
export * from './migrations/index.js';
export { buildPgliteTemplate, seedFromPgliteTemplate, defaultPgliteTemplateDir, type PgliteTemplateOptions } from './pglite-template.js';
