#!/usr/bin/env node
/**
 * `npm run compose` (write) and `npm run schema:check` (check): prints each
 * subgraph's SDL to services/<name>/schema.graphql, composes the supergraph
 * into gateway/supergraph.graphql, writes the public contract (the API
 * schema plus the gateway's Subscription type) to gateway/api-schema.graphql
 * and the frontend schema reference docs/graphql-reference.md, and in check
 * mode fails when composition fails, a committed file differs from the
 * fresh one, or a change to the contract that can break clients is not
 * declared in gateway/SCHEMA_CHANGELOG.md: neither the uncommitted change
 * against HEAD, nor any committed change against its parent commit.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { printSubgraphSchema } from '@apollo/subgraph';
import { createLogger } from '@social/config';
import type { PrismaClient } from '@social/db';
import { createMemoryEventBus } from '@social/pubsub';
import { composeSupergraph, SUPERGRAPH_PATH } from '@social/gateway';
import { loadConfig } from '../config.js';
import { commitsTouching, fileAt } from './git-history.js';
import { CONTRACT_FILE, contractSdl, frontendSchema } from './contract.js';
import { breakingChanges, undeclared, type BreakingChange } from './schema-changes.js';
import { schemaReference } from './schema-reference.js';
import { buildIdentity, buildMedia, buildStatuses } from '../subgraphs.js';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SUPERGRAPH_FILE = 'gateway/supergraph.graphql';
const CHANGELOG_FILE = 'gateway/SCHEMA_CHANGELOG.md';

/**
 * The contract as committed at a revision; before the contract file existed,
 * the supergraph (compared by its API schema: subscriptions were not checked then).
 */
const contractAt = (revision: string) => fileAt(ROOT, revision, CONTRACT_FILE) ?? fileAt(ROOT, revision, SUPERGRAPH_FILE);

/** Breaking changes of each committed step and of the working tree that the changelog of that state does not declare. */
async function undeclaredBreakingChanges(fresh: string): Promise<Array<{ where: string; changes: BreakingChange[] }>> {
  const problems: Array<{ where: string; changes: BreakingChange[] }> = [];
  // Each commit against its own parents, not the commit listed before it: with merged branches the
  // log interleaves commits of different lines. A merge is answerable only for what breaks against
  // every parent (what either branch changed was checked in that branch's own commits).
  for (const { commit, parents } of commitsTouching(ROOT, [SUPERGRAPH_FILE, CONTRACT_FILE])) {
    const current = contractAt(commit);
    if (!current) continue;
    const changelog = fileAt(ROOT, commit, CHANGELOG_FILE) ?? '';
    let changes: BreakingChange[] | null = null;
    for (const parent of parents) {
      const before = contractAt(parent);
      const against = before ? undeclared(await breakingChanges(before, current), changelog) : [];
      changes = changes === null ? against : changes.filter((change) => against.some((other) => other.path === change.path && other.message === change.message));
    }
    if (changes && changes.length > 0) problems.push({ where: `commit ${commit.slice(0, 10)}`, changes });
  }
  const head = contractAt('HEAD');
  if (head && head !== fresh) {
    let changelog = '';
    try {
      changelog = readFileSync(path.join(ROOT, CHANGELOG_FILE), 'utf8');
    } catch {
      // No changelog yet: every breaking change counts as undeclared.
    }
    const changes = undeclared(await breakingChanges(head, fresh), changelog);
    if (changes.length > 0) problems.push({ where: 'the working tree', changes });
  }
  return problems;
}

async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'check';
  // Building a schema touches no database: resolvers only run on requests.
  const prisma = {} as PrismaClient;
  const config = loadConfig('all', {});
  const bus = createMemoryEventBus();
  const logger = createLogger('schema', 'silent');
  const subgraphs = [await buildIdentity(prisma, config), await buildStatuses(prisma, config, bus, logger), await buildMedia(prisma, config)];
  const files: Array<{ file: string; content: string }> = [];
  const sdls = subgraphs.map((subgraph) => {
    const sdl = `${printSubgraphSchema(subgraph.schema).trim()}\n`;
    files.push({ file: path.join(ROOT, 'services', subgraph.name, 'schema.graphql'), content: sdl });
    return { name: subgraph.name, sdl };
  });
  const composed = composeSupergraph(sdls);
  if ('errors' in composed) {
    process.stderr.write(`Composition failed:\n${composed.errors.map((e) => `  - ${e}`).join('\n')}\n`);
    process.exit(1);
  }
  files.push({ file: SUPERGRAPH_PATH, content: `${composed.supergraphSdl.trim()}\n` });
  const contract = contractSdl(composed.supergraphSdl);
  files.push({ file: path.join(ROOT, CONTRACT_FILE), content: contract });
  files.push({ file: path.join(ROOT, 'docs', 'graphql-reference.md'), content: schemaReference(frontendSchema(composed.supergraphSdl)) });

  if (mode === 'write') {
    for (const { file, content } of files) writeFileSync(file, content);
    process.stdout.write(`Wrote ${files.map((f) => path.relative(ROOT, f.file)).join(', ')}\n`);
    return;
  }
  const stale = files.filter(({ file, content }) => {
    try {
      return readFileSync(file, 'utf8') !== content;
    } catch {
      return true;
    }
  });
  if (stale.length > 0) {
    process.stderr.write(`Stale schema files (run npm run compose and commit): ${stale.map((f) => path.relative(ROOT, f.file)).join(', ')}\n`);
    process.exit(1);
  }
  const breaking = await undeclaredBreakingChanges(contract);
  if (breaking.length > 0) {
    for (const { where, changes } of breaking) {
      process.stderr.write(`Breaking schema changes in ${where} not declared in ${CHANGELOG_FILE}:\n`);
      for (const change of changes) process.stderr.write(`  - \`${change.path}\`: ${change.message}\n`);
    }
    process.stderr.write(`Declare each as a line "- BREAKING \`<path>\`: why" in ${CHANGELOG_FILE}, in the same commit.\n`);
    process.exit(1);
  }
  process.stdout.write('Subgraph schemas compose, the committed files are up to date, and every breaking change is declared.\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
