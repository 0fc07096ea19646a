import { createHash } from 'node:crypto';
import type { ApolloGateway } from '@apollo/gateway';
import { getOperationAST, print, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../context.js';

type Loaded = Awaited<ReturnType<ApolloGateway['load']>>;
type RequestContext = Parameters<Loaded['executor']>[0];

/** Runs a parsed, validated operation through the query planner, as the given caller. */
export type DocumentExecutor = (document: DocumentNode, variables: Record<string, unknown>, context: GatewayContext) => Promise<ExecutionResult>;

interface Prepared {
  source: string;
  queryHash: string;
  operationName: string | null;
}

/**
 * Wraps the ApolloGateway handed to Apollo Server so that its executor is
 * kept: streaming resolves every event through it, planning each
 * subscriber's query once (the plan cache is keyed by the query's hash) and
 * skipping Apollo Server's per-request pipeline, whose plugins (rate limits)
 * count client requests, not events.
 */
export function captureExecutor(apollo: ApolloGateway) {
  let loaded: Loaded | null = null;
  const prepared = new WeakMap<DocumentNode, Prepared>();
  const gateway = {
    onSchemaLoadOrUpdate: apollo.onSchemaLoadOrUpdate.bind(apollo),
    stop: () => apollo.stop(),
    load: async (options: Parameters<ApolloGateway['load']>[0]) => {
      loaded = await apollo.load(options);
      return loaded;
    },
  };
  const prepare = (document: DocumentNode): Prepared => {
    let entry = prepared.get(document);
    if (!entry) {
      const source = print(document);
      entry = { source, queryHash: createHash('sha256').update(source).digest('hex'), operationName: getOperationAST(document)?.name?.value ?? null };
      prepared.set(document, entry);
    }
    return entry;
  };
  const execute: DocumentExecutor = async (document, variables, context) => {
    if (!loaded) throw new Error('The gateway has not loaded its schema yet');
    const { source, queryHash, operationName } = prepare(document);
    const requestContext = {
      request: { query: source, variables, operationName: operationName ?? undefined },
      document,
      source,
      queryHash,
      operationName,
      operation: getOperationAST(document),
      context,
      metrics: {},
      schema: loaded.schema,
    } as unknown as RequestContext;
    return loaded.executor(requestContext) as Promise<ExecutionResult>;
  };
  const schema = (): GraphQLSchema => {
    if (!loaded) throw new Error('The gateway has not loaded its schema yet');
    return loaded.schema;
  };
  return { gateway, execute, schema };
}
