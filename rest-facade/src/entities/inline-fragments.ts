import { FRAGMENT_DEFINITIONS } from '../gql/operations.js';

/**
 * The texts of the named fragments and of every fragment they spread (each once, dependencies first), from
 * the .graphql files: what an operation still written as an inline string passes to operation(). New
 * operations are .graphql files and need none of this (docs/graphql-codegen.md#the-facades-own-operations).
 */
export function inlineFragments(...names: string[]): string[] {
  const order: string[] = [];
  const visit = (name: string) => {
    if (order.includes(name)) return;
    const text = FRAGMENT_DEFINITIONS[name];
    if (!text) throw new Error(`fragment ${name} is not defined in any .graphql file`);
    for (const spread of text.matchAll(/\.\.\.(\w+)/g)) visit(spread[1]);
    order.push(name);
  };
  names.forEach(visit);
  return order.map((name) => FRAGMENT_DEFINITIONS[name]);
}
