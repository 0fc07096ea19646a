import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as resultShaping from '@apollo/gateway/dist/resultShaping.js';
import * as federation from '@apollo/federation-internals';
import type { CompositeType, SelectionSet, Type } from '@apollo/federation-internals';
import { parse } from 'graphql';
import { CompiledOperation, compileResultShaping } from './result-shaping.js';

// Held before the hook replaces the export: the answers the compiled shaping must equal.
const interpreted = resultShaping.computeResponse;
type Operation = Parameters<typeof interpreted>[0]['operation'];

const gatewayRoot = path.resolve(__dirname, '..');
const apiSchema = federation.Supergraph.build(readFileSync(path.join(gatewayRoot, 'supergraph.graphql'), 'utf8')).apiSchema();
const facadeDocuments = Object.values(JSON.parse(readFileSync(path.join(gatewayRoot, 'trusted-documents/rest-facade.json'), 'utf8')) as Record<string, string>);

/** A small schema with what the supergraph's documents do not all have: interfaces, unions, enums, skip and include. */
const shapes = federation.buildSchema(`
  type Query { node(id: ID!): Node feed: [Item!]! count: Int! }
  interface Node { id: ID! }
  type Post implements Node { id: ID! title: String! tags: [String!] kind: Kind! author: User }
  type User implements Node { id: ID! name: String score: Float }
  union Item = Post | User
  enum Kind { TEXT IMAGE }
`);
const shapeDocuments = [
  `query A($id: ID!, $withTags: Boolean!, $noName: Boolean = false) {
     node(id: $id) { __typename id ... on Post { title tags @include(if: $withTags) kind author { name @skip(if: $noName) id } }
                     ... on User { name score } ... N }
     feed { ... on Post { id title kind } ... on User { id n: name } __typename }
     count }
   fragment N on Node { id kind: __typename }`,
  `query B { feed { ... on Node { id } ... on Post { title @skip(if: true) tags @include(if: false) kind @include(if: true) } } }`,
];

/** mulberry32: the same answers on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Odds {
  /** Chance of a null where a value is due, of a missing field, of a leaf of the wrong kind, of an unknown __typename. */
  nulls: number;
  missing: number;
  wrongLeaf: number;
  wrongTypename: number;
}

/** A subgraph answer for a selection set: every field of every fragment, values sometimes null, missing or wrong. */
function answer(selectionSet: SelectionSet, type: CompositeType, rnd: () => number, odds: Odds, depth: number): Record<string, unknown> {
  const runtime = federation.possibleRuntimeTypes(type);
  const chosen = runtime[Math.floor(rnd() * runtime.length)] ?? type;
  const object: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (rnd() < odds.wrongTypename) object.__typename = 'NoSuchType';
  else if (rnd() < 0.85 || type !== chosen) object.__typename = chosen.name;
  // A key the plan added and the operation did not select: dropped from the answer.
  object.planKey = 'x';
  const fill = (set: SelectionSet) => {
    for (const selection of set.selections()) {
      if (selection.kind !== 'FieldSelection') {
        fill(selection.selectionSet);
        continue;
      }
      const field = selection.element;
      const name = field.responseName();
      if (field.name === '__typename') {
        if (rnd() < 0.5) object[name] = rnd() < odds.wrongTypename ? 'NoSuchType' : chosen.name;
        continue;
      }
      if (rnd() < odds.missing) continue;
      object[name] = value(field.definition.type!, selection.selectionSet, rnd, odds, depth + 1);
    }
  };
  fill(selectionSet);
  return object;
}

function value(type: Type, selectionSet: SelectionSet | undefined, rnd: () => number, odds: Odds, depth: number): unknown {
  if (federation.isNonNullType(type)) return rnd() < odds.nulls / 2 ? null : value(type.ofType, selectionSet, rnd, odds, depth);
  if (rnd() < odds.nulls) return null;
  if (federation.isListType(type)) {
    const length = depth > 6 ? 0 : Math.floor(rnd() * 4);
    return Array.from({ length }, () => value(type.ofType, selectionSet, rnd, odds, depth + 1));
  }
  if (federation.isCompositeType(type)) return answer(selectionSet!, type, rnd, odds, depth);
  const wrong = rnd() < odds.wrongLeaf;
  if (federation.isEnumType(type)) return wrong ? 'NOT_A_VALUE' : type.values[Math.floor(rnd() * type.values.length)].name;
  switch (type.name) {
    case 'Int':
      return wrong ? 'seven' : Math.floor(rnd() * 1000);
    case 'Float':
      return wrong ? true : rnd() * 10;
    case 'Boolean':
      return wrong ? 1 : rnd() < 0.5;
    case 'ID':
    case 'String':
      return wrong ? 2.5 : `s${Math.floor(rnd() * 100)}`;
    default:
      return wrong ? { any: ['json'] } : `custom${Math.floor(rnd() * 10)}`;
  }
}

function variablesFor(operation: Operation, rnd: () => number): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const { variable, type, defaultValue } of operation.variableDefinitions.definitions()) {
    const named = federation.baseType(type);
    if (named.name === 'Boolean' && (defaultValue === undefined || rnd() < 0.5)) variables[variable.name] = rnd() < 0.5;
  }
  return variables;
}

function compare(operation: Operation, runs: number, seed: number): number {
  const compiled = new CompiledOperation(operation);
  const root = operation.schema().schemaDefinition.rootType(operation.rootKind)!;
  let errorsSeen = 0;
  for (let run = 0; run < runs; run++) {
    const rnd = random(seed + run);
    // The first run is a clean answer; the others break it more and more.
    const odds: Odds = run === 0 ? { nulls: 0, missing: 0, wrongLeaf: 0, wrongTypename: 0 } : { nulls: 0.03 * run, missing: 0.02 * run, wrongLeaf: 0.01 * run, wrongTypename: 0.01 * run };
    const input = answer(operation.selectionSet, root, rnd, odds, 0);
    delete input.__typename;
    const variables = variablesFor(operation, rnd);
    const expected = interpreted({ operation, variables, input, introspectionHandling: () => null });
    const actual = compiled.shape(input, variables);
    expect(actual.data).toStrictEqual(expected.data);
    expect(actual.errors.map((error) => [error.message, error.path])).toStrictEqual(expected.errors.map((error) => [error.message, error.path]));
    errorsSeen += expected.errors.length;
  }
  return errorsSeen;
}

describe('compiled result shaping', () => {
  it("answers as the gateway's interpreter does, for every document of the REST facade, clean and broken answers alike", () => {
    expect(facadeDocuments.length).toBeGreaterThan(200);
    let errorsSeen = 0;
    let compared = 0;
    for (const [index, text] of facadeDocuments.entries()) {
      const document = parse(text);
      // The streams' documents select the gateway's own event types, which the API schema does not have; no plan shapes them.
      if (document.definitions.some((definition) => definition.kind === 'OperationDefinition' && definition.operation === 'subscription')) continue;
      if (text.includes('StreamEvent')) continue;
      errorsSeen += compare(federation.operationFromDocument(apiSchema, document), 6, index * 101);
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
    // The broken answers did reach the error paths (null bubbling, wrong leaves and typenames).
    expect(errorsSeen).toBeGreaterThan(500);
  });

  it('answers as the interpreter does for interfaces, unions, enums, aliases and @skip/@include, literal and variable', () => {
    for (const [index, text] of shapeDocuments.entries()) {
      const operation = federation.operationFromDocument(shapes, parse(text));
      compare(operation, 40, 7000 + index * 1000);
    }
  });

  it('drops what the plan added, keeps field order, and makes a null bubble up to the nearest nullable field', () => {
    const operation = federation.operationFromDocument(shapes, parse(shapeDocuments[0]));
    const compiled = new CompiledOperation(operation);
    const post = { __typename: 'Post', id: '1', title: null, tags: ['a'], kind: 'TEXT', author: null, planKey: 'x' };
    const { data, errors } = compiled.shape({ node: post, feed: [], count: 3 }, { id: '1', withTags: true });
    expect(data).toStrictEqual(Object.assign(Object.create(null), { node: null, feed: [], count: 3 }));
    expect(errors.map((error) => [error.message, error.path])).toStrictEqual([['Cannot return null for non-nullable field Post.title.', ['node', 'title']]]);
  });

  it('is what @apollo/gateway calls once installed, and leaves introspection to the interpreter', () => {
    compileResultShaping();
    expect(resultShaping.computeResponse).not.toBe(interpreted);
    const operation = federation.operationFromDocument(shapes, parse('{ count __schema { queryType { name } } }'));
    const introspected = { queryType: { name: 'Query' } };
    const answer = resultShaping.computeResponse({ operation, variables: {}, input: { count: 1 }, introspectionHandling: () => introspected });
    expect(answer.data).toStrictEqual(Object.assign(Object.create(null), { count: 1, __schema: introspected }));
  });
});
