export * from './request-context.js';
export * from './metrics.js';
export * from './tracing.js';
export { traceDatabaseAdapter } from './database.js';
export { enterRequest, serveInRequestContext } from './incoming.js';
export { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
export { nextTurnIfLong, TURN_BUDGET_MS } from './event-loop-turn.js';
