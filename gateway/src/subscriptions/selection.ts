import {
  Kind,
  parse,
  print,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { LRUCache } from 'lru-cache';

/** The fields a subscriber selected under one field of the event (`status`, `notification`), with what they need. */
export interface SubSelection {
  /** The selections, printed. */
  body: string;
  /** Definitions of the subscription's variables the selections use, printed. */
  variableDefinitions: string[];
  /** Their values. */
  variables: Record<string, unknown>;
  /** The fragments the selections spread, printed. */
  fragments: string[];
  /** The selections themselves, for walking a result by response key (their fragments are the operation's). */
  nodes: readonly SelectionNode[];
}

/**
 * What the subscriber asked for under `fieldName` of the event, gathered
 * through fragments and aliases. The event's entity is then fetched through
 * the gateway with exactly this selection, so fields of every subgraph
 * arrive, and the subscription's own execution picks them up by response key.
 */
export function subSelection(info: GraphQLResolveInfo, fieldName: string): SubSelection {
  const selections: SelectionNode[] = [];
  const visited = new Set<string>();
  const collect = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === fieldName && selection.selectionSet) selections.push(...selection.selectionSet.selections);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        collect(info.fragments[selection.name.value]?.selectionSet);
      }
    }
  };
  for (const node of info.fieldNodes) collect(node.selectionSet);

  const fragmentNames = new Set<string>();
  const variableNames = new Set<string>();
  const pending: SelectionNode[][] = [selections];
  while (pending.length > 0) {
    const batch = pending.pop() as SelectionNode[];
    for (const selection of batch) {
      visit(selection, {
        FragmentSpread(node) {
          if (!fragmentNames.has(node.name.value)) {
            fragmentNames.add(node.name.value);
            const fragment: FragmentDefinitionNode | undefined = info.fragments[node.name.value];
            if (fragment) pending.push([...fragment.selectionSet.selections]);
          }
        },
        Variable(node) {
          variableNames.add(node.name.value);
        },
      });
    }
  }
  const definitions = (info.operation.variableDefinitions ?? []).filter((definition) => variableNames.has(definition.variable.name.value));
  return {
    body: selections.map((selection) => print(selection)).join(' '),
    variableDefinitions: definitions.map((definition) => print(definition)),
    variables: Object.fromEntries([...variableNames].map((name) => [name, info.variableValues[name]])),
    fragments: [...fragmentNames].flatMap((name) => (info.fragments[name] ? [print(info.fragments[name])] : [])),
    nodes: selections,
  };
}

/** A resolution query, and a short name for it: equal documents of this process have the same one. */
export interface ResolutionQuery {
  document: DocumentNode;
  /** Stands for the document in keys (a rendering shared between subscribers), instead of its printed text. */
  key: string;
}

/**
 * Resolution queries by source: a thousand subscribers of one client send the same subscription, and
 * share one document (parsed once) and one key. Bounded: an evicted document is made again, with a
 * new key, which only stops sharing renderings with the old one.
 */
const resolutionQueries = new LRUCache<string, ResolutionQuery>({ max: 1_000 });
let resolutionQueriesMade = 0;

/**
 * A query document: `header` declares the stream's own variables (named
 * with a leading underscore so they cannot clash with the subscriber's),
 * `field` is the root field call, and the subscriber's selection goes under
 * it. `__typename` is added to every selection set so that abstract types
 * can be told apart when the subscription executes over the result.
 */
export function resolutionQuery(name: string, header: string[], field: string, selection: SubSelection): ResolutionQuery {
  const variables = [...header, ...selection.variableDefinitions];
  const source = `query ${name}(${variables.join(', ')}) { ${field} { __typename ${selection.body} } } ${selection.fragments.join(' ')}`;
  const known = resolutionQueries.get(source);
  if (known) return known;
  const document = visit(parse(source), {
    SelectionSet(node, _key, parent) {
      if ((parent as { kind?: string } | undefined)?.kind === Kind.OPERATION_DEFINITION) return undefined;
      const hasTypename = node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename' && !s.alias);
      if (hasTypename) return undefined;
      const typename: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };
      return { ...node, selections: [typename, ...node.selections] };
    },
  });
  resolutionQueriesMade += 1;
  const made = { document, key: `${name}#${resolutionQueriesMade}` };
  resolutionQueries.set(source, made);
  return made;
}
