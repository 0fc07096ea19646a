#!/usr/bin/env node
// npm run db:migrate | db:check | db:new-migration -- <name>
// Prisma's migrate commands need its native engine, which cannot be
// downloaded here: deploy/status run plain SQL, check/new run the schema
// engine as WebAssembly over in-memory PGlite (no server needed).
import path from 'node:path';
import { applyMigrations } from '../migrations/apply.js';
import { checkMigrations } from '../migrations/check.js';
import { createMigration } from '../migrations/create.js';
import { migrationsDir, schemaPath } from '../migrations/paths.js';
import { migrationStatus } from '../migrations/status.js';

const USAGE = `Usage: node packages/db/dist/cli/migrate.js <command>

  deploy        apply pending migrations to DATABASE_URL
  status        list applied and pending migrations of DATABASE_URL (exit 1 if any is pending)
  check         fail unless the migrations build exactly prisma/schema.prisma
  new <name>    write a migration with the SQL the schema still needs`;

const relative = (file: string) => path.relative(process.cwd(), file) || '.';
const migrations = (n: number) => `${n} migration${n === 1 ? '' : 's'}`;

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error('DATABASE_URL is not set: it must name the PostgreSQL database to migrate, e.g. postgresql://postgres@127.0.0.1:5432/social');
  }
  return url;
}

async function deploy(): Promise<number> {
  const result = await applyMigrations(databaseUrl(), { onApplied: (name) => console.log(`Applied ${name}`) });
  for (const name of result.unknown) console.warn(`Warning: ${name} is applied in the database but missing from ${relative(migrationsDir)}`);
  console.log(
    result.applied.length === 0
      ? `Database is up to date (${migrations(result.alreadyApplied.length)}).`
      : `Applied ${migrations(result.applied.length)}; ${result.alreadyApplied.length} already applied before.`,
  );
  return 0;
}

async function status(): Promise<number> {
  const plan = await migrationStatus(databaseUrl());
  for (const name of plan.applied) console.log(`applied   ${name}`);
  for (const m of plan.pending) console.log(`pending   ${m.name}`);
  for (const name of plan.unknown) console.log(`unknown   ${name} (in the database, not in the folder)`);
  console.log(plan.pending.length === 0 ? 'Database is up to date.' : `${migrations(plan.pending.length)} pending: run npm run db:migrate.`);
  return plan.pending.length === 0 ? 0 : 1;
}

async function check(): Promise<number> {
  const result = await checkMigrations();
  if (result.inSync) {
    console.log(`${relative(migrationsDir)} (${migrations(result.migrationCount)}) matches ${relative(schemaPath)}.`);
    return 0;
  }
  console.error(
    `${relative(schemaPath)} and ${relative(migrationsDir)} disagree: applying the ${migrations(result.migrationCount)} ` +
      'to an empty database does not yield the schema. It would still need:\n\n' +
      `${result.missingSql}\n` +
      'Create a migration with it: npm run db:new-migration -- <name>',
  );
  return 1;
}

async function newMigration(name: string | undefined): Promise<number> {
  if (!name) throw new Error(`A name is needed: migrate.js new <name>\n\n${USAGE}`);
  const created = await createMigration(name);
  if (created === null) {
    console.log(`No changes: ${relative(migrationsDir)} already matches ${relative(schemaPath)}.`);
    return 0;
  }
  console.log(`Wrote ${relative(created.file)}:\n\n${created.sql}`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'deploy':
      return deploy();
    case 'status':
      return status();
    case 'check':
      return check();
    case 'new':
      return newMigration(rest[0]);
    default:
      console.error(USAGE);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
