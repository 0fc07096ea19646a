import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { MIGRATE_CLI, REPO_ROOT } from './paths';

/** The maintenance database the test databases are created from (env E2E_POSTGRES_URL). */
export function postgresAdminUrl(): string {
  return process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database `social_test_<random>`; drop() removes it WITH (FORCE). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `social_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** Applies the migrations with the CLI (`migrate.js deploy`), as the split deployment does. */
export function migrateDatabase(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [MIGRATE_CLI, 'deploy'],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`Migrating ${databaseUrl} failed: ${error.message}\n${stdout}${stderr}`));
        else resolve();
      },
    );
  });
}
