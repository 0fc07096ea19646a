import type { ApolloServerPlugin } from '@apollo/server';
import { OperationTypeNode } from 'graphql';
import { graphqlOperations } from '@social/telemetry';

/** Operation names come from clients: keep the label short and plain. */
function label(name: string | null | undefined): string {
  return name && /^\w{1,64}$/.test(name) ? name : 'anonymous';
}

type Result = { errors?: readonly unknown[]; data?: Record<string, unknown> | null };

/**
 * `error` with a top-level error, `user_error` when a mutation's payload has
 * errors (docs/graphql.md#mutations: refused, nothing changed), else `ok`.
 */
function outcomeOf(result: Result | undefined): string {
  if (result?.errors?.length) return 'error';
  const refused = Object.values(result?.data ?? {}).some((value) => {
    const errors = (value as { errors?: unknown } | null)?.errors;
    return Array.isArray(errors) && errors.length > 0;
  });
  return refused ? 'user_error' : 'ok';
}

/** Counts every operation the gateway answers (graphql_operations_total), by name, type and outcome. */
export function operationMetricsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operationName, operation, response }) {
          const result = response.body.kind === 'single' ? (response.body.singleResult as Result) : undefined;
          const type = operation?.operation ?? 'unknown';
          graphqlOperations.inc({ operation: label(operationName), type, outcome: type === OperationTypeNode.MUTATION ? outcomeOf(result) : result?.errors?.length ? 'error' : 'ok' });
        },
      };
    },
  };
}
