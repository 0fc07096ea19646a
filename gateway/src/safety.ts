import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { ApolloServerPlugin } from '@apollo/server';
import { ErrorCode, containsNul, NUL_REFUSED } from '@social/errors';
import { BREAK, GraphQLError, OperationTypeNode, visit, type DocumentNode, type OperationDefinitionNode, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Bounds on what one operation may ask of a public-facing gateway. The
 * defaults leave room above the REST facade's own largest operation (a
 * status with its reblog, quote-free, poll, media and both accounts) and
 * refuse the nested and aliased queries that multiply work.
 */
export interface OperationLimits {
  /** Deepest selection, counting every nested field. */
  maxDepth: number;
  /** graphql-armor's estimated cost: objects 2, scalars 1, multiplied per level. */
  maxCost: number;
  /** Aliases per operation: each one is another resolution of the same field. */
  maxAliases: number;
}

export const DEFAULT_OPERATION_LIMITS: OperationLimits = { maxDepth: 12, maxCost: 20_000, maxAliases: 30 };

/** Reports a refusal as a validation error with our message (the library would throw, which Apollo turns into a 500). */
function refuse(message: string) {
  return {
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(new GraphQLError(message))],
  };
}

/** Validation rules enforcing the limits, for Apollo Server and the subscription executor alike. */
export function operationLimitRules(limits: OperationLimits): ValidationRule[] {
  return [
    maxDepthRule({ n: limits.maxDepth, ignoreIntrospection: true, flattenFragments: true, ...refuse(`Query depth limit exceeded: at most ${limits.maxDepth} levels`) }),
    costLimitRule({ maxCost: limits.maxCost, ignoreIntrospection: true, flattenFragments: true, ...refuse(`Query cost limit exceeded: at most ${limits.maxCost}`) }),
    maxAliasesRule({ n: limits.maxAliases, ...refuse(`Query aliases limit exceeded: at most ${limits.maxAliases}`) }),
  ];
}

/** A malformed request; over HTTP answered 400 (Apollo reads `extensions.http`, then drops it). */
function badRequest(message: string, overHttp: boolean): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.BAD_REQUEST, ...(overHttp ? { http: { status: 400 } } : {}) } });
}

/** Documents already searched for a NUL literal: Apollo and the subscription executor reuse parsed documents. */
const nulLiterals = new WeakMap<DocumentNode, boolean>();

function hasNulLiteral(document: DocumentNode): boolean {
  let found = nulLiterals.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      StringValue(node) {
        if (!node.value.includes('\u0000')) return undefined;
        found = true;
        return BREAK;
      },
    });
    nulLiterals.set(document, found);
  }
  return found;
}

/**
 * The refusal of an operation whose arguments (literals or variables) hold
 * U+0000, which PostgreSQL cannot take as text: refused before any subgraph
 * is asked, on HTTP and graphql-ws alike. Null when there is none.
 */
export function refuseNul(document: DocumentNode, variables: unknown, overHttp = false): GraphQLError | null {
  return containsNul(variables) || hasNulLiteral(document) ? badRequest(NUL_REFUSED, overHttp) : null;
}

/** The refusal of an operation that cannot run over HTTP; null when it can. */
function refuseOverHttp(operation: OperationDefinitionNode | undefined | null, operationName: string | undefined): GraphQLError | null {
  if (!operation) {
    return badRequest(operationName ? `Unknown operation named "${operationName}"` : 'Must provide operation name if query contains multiple operations', true);
  }
  if (operation.operation === OperationTypeNode.SUBSCRIPTION) {
    return badRequest('Subscriptions are served over WebSocket (graphql-ws, subprotocol graphql-transport-ws) at /graphql, not over HTTP', true);
  }
  return null;
}

/**
 * Refusals of operations that reach Apollo Server but cannot run: several
 * operations and no (or an unknown) operation name, a subscription (the
 * HTTP schema has none: it is served over graphql-ws), or a NUL in an
 * argument. Each would otherwise fail inside the gateway's executor and
 * answer 500; they are the client's mistakes, so 400 with BAD_REQUEST.
 */
export function requestShapePlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request }) {
          const refusal = refuseOverHttp(operation, request.operationName) ?? refuseNul(document, request.variables, true);
          if (refusal) throw refusal;
        },
      };
    },
  };
}
