export * from './client.js';
export { col, definedStatements, Entity, readRow, sqlOf, statement, Sql, type Column, type RowOf, type Shape, type Statement } from './sql.js';
export * from './ids.js';
export * from './errors.js';
export * from './migrations/index.js';
export { buildPgliteTemplate, seedFromPgliteTemplate, defaultPgliteTemplateDir, type PgliteTemplateOptions } from './pglite-template.js';
export { weekStarts, weeklyCounts } from './weeks.js';
