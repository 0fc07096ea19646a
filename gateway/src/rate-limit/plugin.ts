import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { ErrorCode, Messages } from '@social/errors';
import type { GatewayContext } from '../context.js';
import type { RateLimiter } from './limiter.js';

type Variables = Record<string, unknown> | undefined;

/**
 * The root fields that try a password, and where their login is: the
 * password grant's username and the authorize page's e-mail.
 */
const PASSWORD_ATTEMPTS: Record<string, (args: (name: string) => unknown) => unknown> = {
  createToken: (args) => {
    const input = args('input') as { grantType?: unknown; username?: unknown } | null | undefined;
    return input?.grantType === 'password' ? (input.username ?? '') : undefined;
  },
  signIn: (args) => (args('input') as { email?: unknown } | null | undefined)?.email ?? '',
};

/**
 * The operation's root fields, also those selected through fragments (a
 * spread or an inline fragment must not hide a field from its buckets).
 */
export function rootFieldNodes(operation: OperationDefinitionNode, document: DocumentNode | undefined): FieldNode[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document?.definitions ?? []) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fields: FieldNode[] = [];
  const seen = new Set<string>();
  const walk = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return fields;
}

/** The logins the operation's password attempts try, one entry per attempt. */
export function passwordAttempts(fields: readonly FieldNode[], variables: Variables): string[] {
  const logins: string[] = [];
  for (const field of fields) {
    const loginOf = PASSWORD_ATTEMPTS[field.name.value];
    if (!loginOf) continue;
    const args = (name: string) => {
      const argument = field.arguments?.find((candidate) => candidate.name.value === name);
      return argument ? valueFromASTUntyped(argument.value, variables) : undefined;
    };
    const login = loginOf(args);
    if (login !== undefined) logins.push(typeof login === 'string' ? login : '');
  }
  return logins;
}

/**
 * Applies the rate limits to every operation once it is parsed (the buckets
 * depend on its root fields, and the sign-in buckets on the login tried), for
 * REST and GraphQL clients alike, before any subgraph is called: a refused
 * password attempt costs no password hash. Reports the closest bucket in
 * `extensions.rateLimit` for the facade's headers; a refusal carries
 * Retry-After (as a header and as `extensions.retryAfter`, in seconds).
 */
export function rateLimitPlugin(limiter: RateLimiter): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, request, contextValue }) {
          if (!operation || operation.operation === OperationTypeNode.SUBSCRIPTION) return;
          const fields = rootFieldNodes(operation, document);
          const rootFields = fields.map((field) => field.name.value);
          const signIns = passwordAttempts(fields, request.variables);
          const decision = await limiter.check(rootFields, contextValue.principal, contextValue.clientIp, signIns);
          contextValue.rateLimit = decision.report;
          if (!decision.allowed) {
            const retryAfter = decision.retryAfter ?? 1;
            throw new GraphQLError(Messages.tooManyRequests, {
              extensions: {
                code: ErrorCode.RATE_LIMITED,
                rateLimit: decision.report,
                retryAfter,
                http: { status: 429, headers: new Map([['retry-after', String(retryAfter)]]) },
              },
            });
          }
        },
        async willSendResponse({ contextValue, response }) {
          if (contextValue.rateLimit && response.body.kind === 'single') {
            response.body.singleResult.extensions = { ...response.body.singleResult.extensions, rateLimit: contextValue.rateLimit };
          }
        },
      };
    },
  };
}
