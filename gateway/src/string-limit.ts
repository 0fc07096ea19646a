import type { ApolloServerPlugin } from '@apollo/server';
import { ErrorCode } from '@social/errors';
import { GraphQLError, Kind, visit, type DocumentNode, type ObjectFieldNode } from 'graphql';

/**
 * Longest string any argument or variable may carry, in UTF-16 code units.
 * Every field a service reads has its own, smaller bound; this one is the
 * belt for fields that do not have one yet, so no string of a 1 MB body
 * reaches code that might walk it in more than linear time.
 */
export const MAX_STRING_ARGUMENT = 100_000;

/** The first string over the limit in the variables or the document's literals: its path, e.g. `input.status`. */
export function oversizedString(document: DocumentNode, variables: Record<string, unknown> | undefined, limit: number): string | null {
  const found = variables ? oversizedValue(variables, [], limit) : null;
  if (found) return found;
  let literal: string | null = null;
  visit(document, {
    Argument(node) {
      if (literal !== null) return false;
      visit(node.value, {
        StringValue(value, _key, parent, _path, ancestors) {
          if (literal !== null || value.value.length <= limit) return;
          // The innermost input field holding it, else the argument itself.
          const fields = [...ancestors, parent ?? []].filter((ancestor): ancestor is ObjectFieldNode => 'kind' in ancestor && ancestor.kind === Kind.OBJECT_FIELD);
          literal = [node.name.value, ...fields.map((field) => field.name.value)].join('.');
        },
      });
      return false;
    },
  });
  return literal;
}

function oversizedValue(value: unknown, path: string[], limit: number): string | null {
  if (typeof value === 'string') return value.length > limit ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = oversizedValue(item, [...path, key], limit);
    if (found !== null) return found;
  }
  return null;
}

/** `input.poll.options.0` -> `Options`: the field's own name, as a Rails message names it. */
function label(path: string): string {
  const name = path.split('.').filter((part) => !/^\d+$/.test(part)).pop() || 'Text';
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Refuses, before execution, an operation with a string argument or variable over the limit (422 through the facade). */
export function stringLimitPlugin(limit = MAX_STRING_ARGUMENT): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          const path = oversizedString(document, request.variables, limit);
          if (path === null) return;
          throw new GraphQLError(`Validation failed: ${label(path)} is too long (maximum is ${limit} characters)`, {
            extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: 400 } },
          });
        },
      };
    },
  };
}
