import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { comparableSchema } from './contract.js';

export interface BreakingChange {
  /** Schema coordinate, e.g. Status.content or Query.status.id. */
  path: string;
  message: string;
}

/**
 * Changes from one schema to the next that can break an existing client.
 * Each side is a contract (the public schema, subscriptions included) or,
 * for states committed before the contract file, a supergraph.
 */
export async function breakingChanges(before: string, after: string): Promise<BreakingChange[]> {
  const changes = await diff(comparableSchema(before), comparableSchema(after));
  return changes
    .filter((change) => change.criticality.level === CriticalityLevel.Breaking)
    .map((change) => ({ path: change.path ?? '(schema)', message: change.message }));
}

/**
 * The breaking changes a schema changelog declares: every line starting with
 * "- BREAKING" names one or more schema coordinates in backticks.
 */
export function declaredBreakingChanges(changelog: string): Set<string> {
  const declared = new Set<string>();
  for (const line of changelog.split('\n')) {
    if (!/^\s*[-*]\s*BREAKING\b/.test(line)) continue;
    for (const match of line.matchAll(/`([^`]+)`/g)) declared.add(match[1]);
  }
  return declared;
}

export function undeclared(changes: BreakingChange[], changelog: string): BreakingChange[] {
  const declared = declaredBreakingChanges(changelog);
  return changes.filter((change) => !declared.has(change.path));
}
