import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';

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
