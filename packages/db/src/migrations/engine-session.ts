import type { PGlite } from '@electric-sql/pglite';
import { bindMigrationAwareSqlAdapterFactory, type ErrorRegistry } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm' with { 'resolution-mode': 'import' };
import { pgliteEngineDatabases } from './engine-adapter.js';
import { loadSchemaEngine, takeEnginePanic } from './engine-loader.js';

export interface SchemaFile {
  readonly path: string;
  readonly content: string;
}

/**
 * The engine's errors name driver-adapter failures only by id ("External
 * error id#3") and carry a Rust backtrace; put the real message in and drop
 * the backtrace so a person can act on it.
 */
function readableEngineError(error: unknown, registry: ErrorRegistry): Error {
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw
    .replace(/External error id#(\d+)/g, (text, id: string) => {
      const record = registry.consumeError(Number(id));
      const cause = record?.error;
      return cause instanceof Error ? cause.message : cause === undefined ? text : JSON.stringify(cause);
    })
    .split('\n')
    .filter((line) => !/^\s+(\d+: |at )/.test(line))
    .join('\n')
    .trim();
  const panic = takeEnginePanic();
  return new Error(panic ? `${message}\nEngine panic: ${panic}` : message, { cause: error });
}

/**
 * Runs `work` with a schema engine whose databases are in-memory PGlite
 * (`main`, when given, is the engine's main database), then frees the engine
 * and closes every database it created.
 */
export async function withSchemaEngine<T>(schema: SchemaFile, work: (engine: SchemaEngine) => Promise<T>, main?: PGlite): Promise<T> {
  const SchemaEngineClass = await loadSchemaEngine();
  const databases = pgliteEngineDatabases(main);
  // The engine calls adapters through this wrapper: it turns thrown errors into results it can report.
  const factory = bindMigrationAwareSqlAdapterFactory(databases.factory);
  try {
    const engine = await SchemaEngineClass.new({ datamodels: [[schema.path, schema.content]] }, () => undefined, factory);
    try {
      return await work(engine);
    } finally {
      engine.free();
    }
  } catch (error) {
    throw readableEngineError(error, factory.errorRegistry);
  } finally {
    await databases.close();
  }
}
