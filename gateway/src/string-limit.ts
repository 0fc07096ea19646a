import type { ApolloServerPlugin } from '@apollo/server';
import { ErrorCode } from '@social/errors';
import { GraphQLError, Kind, visit, type DocumentNode, type ObjectFieldNode } from 'graphql';

/**
 * Longest string any argument or variable may carry, in UTF-16 code units.
 * Every field a service reads has its own, smaller bound; this one is the
 * belt for fields that do not have one yet, so no string of a 1 MB body
 * reaches code that might walk it in more than linear time.
 */
const MAX_STRING_ARGUMENT = 100_000;

/** The first string over the limit in the variables or the document's literals: its path, e.g. `input.status`. */
export function oversizedString(document: DocumentNode, variables: Record<string, unknown> | undefined, limit: number): string | null {
  const found = variables ? oversizedValue(variables, limit) : null;
  return found ?? oversizedLiteral(document, limit);
}

/**
 * The literals' answer per parsed document and limit: Apollo hands the same DocumentNode for the
 * same operation text, so the walk of the document happens once per operation, not per request.
 */
const literalAnswers = new WeakMap<DocumentNode, Map<number, string | null>>();

function oversizedLiteral(document: DocumentNode, limit: number): string | null {
  let answers = literalAnswers.get(document);
  if (answers === undefined) literalAnswers.set(document, (answers = new Map<number, string | null>()));
  const known = answers.get(limit);
  if (known !== undefined) return known;
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
  answers.set(limit, literal);
  return literal;
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function oversizedValue(root: unknown, limit: number): string | null {
  // Depth-first with a stack of its own (variables may nest deeper than the call stack goes);
  // each entry links to its parent, so a path is built only for the string found.
  const stack: Visit[] = [{ value: root, key: null, parent: null }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.length > limit) return pathOf(visit);
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        stack.push({ value: inner, key, parent: visit });
      }
    }
  }
  return null;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at !== null && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
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
