import type { ApolloServerPlugin } from '@apollo/server';
import { graphqlOperations } from '@social/telemetry';

/** Operation names come from clients: keep the label short and plain. */
function label(name: string | null | undefined): string {
  return name && /^\w{1,64}$/.test(name) ? name : 'anonymous';
}

/** Counts every operation the gateway answers (graphql_operations_total), by name, type and outcome. */
export function operationMetricsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operationName, operation, response }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          graphqlOperations.inc({ operation: label(operationName), type: operation?.operation ?? 'unknown', outcome: errors?.length ? 'error' : 'ok' });
        },
      };
    },
  };
}
