import { Kind, OperationTypeNode, parse, type FieldNode, type SelectionSetNode } from 'graphql';
import { ENTITY_POLICIES, type EntityPolicy } from './policy.js';

/** An `_entities` fetch the cache may answer: one entity type, every selected field viewer-independent. */
export interface CacheableFetch {
  typename: string;
  policy: EntityPolicy;
}

const REFERENCE_FIELDS = new Set(['id', '__typename']);

/** Whether a reference field's selection keeps nothing of the other entity but what identifies it. */
function identifiesOnly(selectionSet: SelectionSetNode | undefined): boolean {
  return !selectionSet || selectionSet.selections.every((s) => s.kind === Kind.FIELD && !s.directives?.length && REFERENCE_FIELDS.has(s.name.value));
}

function cacheableField(field: FieldNode, policy: EntityPolicy): boolean {
  if (field.name.value === '__typename') return true;
  // Arguments or directives (@include with a variable) would make the answer depend on more than the entity.
  if (field.arguments?.length || field.directives?.length) return false;
  const kind = policy.fields[field.name.value];
  if (kind === 'own') return true;
  if (kind === 'reference') return identifiesOnly(field.selectionSet);
  return false;
}

/**
 * Reads a subgraph query once: the gateway's `_entities` fetches have the
 * shape `query($representations:[_Any!]!){_entities(representations:$representations){... on T{...}}}`.
 * Anything else (root fetches, several types, variables besides the
 * representations, fragments spread by name) is not cached.
 */
export function cacheableFetch(query: string): CacheableFetch | null {
  let document;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return null;
  }
  if (document.definitions.length !== 1) return null;
  const [operation] = document.definitions;
  if (operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== OperationTypeNode.QUERY) return null;
  const variables = operation.variableDefinitions ?? [];
  if (variables.length !== 1 || variables[0]?.variable.name.value !== 'representations') return null;
  const [root, ...others] = operation.selectionSet.selections;
  if (others.length || root?.kind !== Kind.FIELD || root.name.value !== '_entities' || root.alias || root.directives?.length) return null;
  const fragments = root.selectionSet?.selections ?? [];
  if (fragments.length !== 1) return null;
  const [fragment] = fragments;
  if (fragment?.kind !== Kind.INLINE_FRAGMENT || fragment.directives?.length || !fragment.typeCondition) return null;
  const typename = fragment.typeCondition.name.value;
  const policy = ENTITY_POLICIES[typename];
  if (!policy) return null;
  for (const selection of fragment.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || !cacheableField(selection, policy)) return null;
  }
  return { typename, policy };
}
