import * as operations from '@apollo/federation-internals/dist/operations.js';
import { Kind, type DefinitionNode, type OperationDefinitionNode } from 'graphql';

type OperationFromDocument = typeof operations.operationFromDocument;
type Operation = ReturnType<OperationFromDocument>;
type Schema = Parameters<OperationFromDocument>[0];

interface Entry {
  /** The document's other definitions (its fragments): the same objects, or the entry is not for this document. */
  rest: readonly DefinitionNode[];
  validate: boolean | undefined;
  operationName: string | undefined;
  operation: Operation;
}

let installed = false;

/**
 * Makes the gateway build its federation Operation once per parsed operation
 * instead of on every request. @apollo/gateway's executeQueryPlan converts the
 * operation's AST (the same node objects for every request of an operation,
 * since Apollo Server caches parsed documents) into an Operation each time,
 * which was ~4 % of a signed-in status read's CPU. The Operation only ever
 * gets read (conditions, result shaping), so one per schema and AST is shared.
 *
 * @apollo/gateway reads the function through @apollo/federation-internals'
 * re-export, which forwards to the operations module's own export at each call:
 * replacing that export is the only seam short of copying executeQueryPlan.
 * A document whose definitions are not the cached objects is converted as before.
 */
export function cacheOperationsPerDocument(): void {
  if (installed) return;
  const original = operations.operationFromDocument;
  const cache = new WeakMap<Schema, WeakMap<OperationDefinitionNode, Entry>>();
  const cached: OperationFromDocument = (schema, document, options) => {
    const [first, ...rest] = document.definitions;
    if (first?.kind !== Kind.OPERATION_DEFINITION) return original(schema, document, options);
    let bySchema = cache.get(schema);
    if (!bySchema) cache.set(schema, (bySchema = new WeakMap()));
    const entry = bySchema.get(first);
    if (entry && entry.validate === options?.validate && entry.operationName === options?.operationName && sameDefinitions(entry.rest, rest)) return entry.operation;
    const operation = original(schema, document, options);
    bySchema.set(first, { rest, validate: options?.validate, operationName: options?.operationName, operation });
    return operation;
  };
  (operations as { operationFromDocument: OperationFromDocument }).operationFromDocument = cached;
  installed = true;
}

function sameDefinitions(a: readonly DefinitionNode[], b: readonly DefinitionNode[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
