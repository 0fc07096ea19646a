import type { Gateway } from '@social/gateway';
import type { CallerInfo, GatewayClient, GatewayResult, Operation } from '@social/rest-facade';
import { GraphQLError } from 'graphql';

/** The facade calling the gateway in the same process: no HTTP between them. */
export class InProcessGatewayClient implements GatewayClient {
  constructor(private readonly gateway: Gateway) {}

  async execute(operation: Operation, variables: Record<string, unknown>, caller: CallerInfo): Promise<GatewayResult> {
    let contextValue;
    try {
      contextValue = await this.gateway.createContext(caller.authorization, caller.requestId, caller.clientIp);
    } catch (error) {
      // As the gateway's HTTP endpoint answers a failed context (the token could not be looked up): its error, with its code.
      if (error instanceof GraphQLError) return { data: null, errors: [error.toJSON()] };
      throw error;
    }
    const response = await this.gateway.server.executeOperation(
      { query: operation.document, operationName: operation.name, variables },
      { contextValue },
    );
    if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by the facade');
    const { data, errors, extensions } = response.body.singleResult;
    return { data: data ?? null, errors, extensions };
  }

  async close(): Promise<void> {}
}
