import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { ExecutionResult } from 'graphql';
import type { GatewayContext } from '../context.js';

/** Sends a query straight to one subgraph, outside the query plan. */
export type SubgraphCall = (subgraph: string, query: string, variables: Record<string, unknown>, context: GatewayContext) => Promise<ExecutionResult>;

/**
 * For the fields subgraphs keep @inaccessible (out of the API schema, so no
 * client can plan a query to them) that the gateway itself needs: the
 * principal still travels signed, as on every subgraph call.
 */
export function subgraphCaller(dataSources: Record<string, GraphQLDataSource>): SubgraphCall {
  return async (subgraph, query, variables, context) => {
    const dataSource = dataSources[subgraph];
    if (!dataSource) throw new Error(`No data source for subgraph ${subgraph}`);
    const options = {
      // GraphQLDataSourceRequestKind.INCOMING_OPERATION (the enum is not exported).
      kind: 'incoming operation',
      request: { query, variables },
      context,
      incomingRequestContext: { overallCachePolicy: null },
    } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>;
    return (await dataSource.process(options)) as ExecutionResult;
  };
}
