import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPGlite } from '../pglite.js';
import pg from 'pg';
import { applyMigrations, MigrationFailedError } from './apply.js';
import { MigrationHistoryError } from './plan.js';
import { checksumOf, LOCKFILE, LOCKFILE_CONTENT, readMigrations } from './folder.js';
import { migrationsDir, schemaPath } from './paths.js';
import { migrationStatus } from './status.js';
import type { SqlExecutor } from './executor.js';
import { describeWithVmModules } from './jest-vm-modules.js';

jest.setTimeout(60_000);
const describeDb = describeWithVmModules(__filename);

const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Every table schema.prisma maps a model to. */
const schemaTables = [...readFileSync(schemaPath, 'utf8').matchAll(/@@map\("([^"]+)"\)/g)].map((m) => m[1]).sort();

/** A database under test: a session to inspect it, the target to migrate, and its disposal. */
interface TestDatabase {
  readonly db: SqlExecutor;
  readonly target: string | SqlExecutor;
  dispose(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function freshPostgres(): Promise<TestDatabase> {
  const name = `social_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    db: { query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows }), exec: (sql) => client.query(sql) },
    target: url.toString(),
    dispose: async () => {
      await client.end();
      await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
    },
  };
}

async function freshPGlite(): Promise<TestDatabase> {
  const db = await openPGlite();
  return { db, target: db, dispose: () => db.close() };
}

/** A migrations folder of hand-written SQL, for the failure cases. */
function tempMigrations(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  writeFileSync(path.join(dir, LOCKFILE), LOCKFILE_CONTENT);
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

describeDb.each([
  ['PostgreSQL', freshPostgres],
  ['PGlite', freshPGlite],
])('applyMigrations on %s', (_kind, open) => {
  describe('with the committed migrations on an empty database', () => {
    let database: TestDatabase;
    let firstRun: Awaited<ReturnType<typeof applyMigrations>>;

    beforeAll(async () => {
      database = await open();
      firstRun = await applyMigrations(database.target);
    });
    afterAll(() => database?.dispose());

    it('creates every table of schema.prisma', async () => {
      const { rows } = await database.db.query<{ tablename: string }>(
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`,
      );
      expect(rows.map((r) => r.tablename)).toEqual(schemaTables);
    });

    it('records each migration in _prisma_migrations as prisma migrate deploy does', async () => {
      const files = readMigrations(migrationsDir);
      expect(firstRun.applied).toEqual(files.map((f) => f.name));
      const { rows } = await database.db.query<Record<string, unknown>>(
        `SELECT migration_name, checksum, applied_steps_count, logs, rolled_back_at, finished_at >= started_at AS ordered
           FROM _prisma_migrations ORDER BY migration_name`,
      );
      expect(rows).toEqual(
        files.map((f) => ({ migration_name: f.name, checksum: checksumOf(readFileSync(path.join(migrationsDir, f.name, 'migration.sql'))), applied_steps_count: 1, logs: null, rolled_back_at: null, ordered: true })),
      );
    });

    it('applies nothing when run again', async () => {
      const again = await applyMigrations(database.target);
      expect(again).toEqual({ applied: [], alreadyApplied: firstRun.applied, unknown: [] });
      const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM _prisma_migrations');
      expect(rows[0]?.n).toBe(firstRun.applied.length);
      expect((await migrationStatus(database.target)).pending).toEqual([]);
    });

    it('makes timestamp_id() yield increasing snowflakes of the current millisecond', async () => {
      const before = BigInt(Date.now());
      const { rows } = await database.db.query<{ id: string }>('SELECT timestamp_id()::text AS id FROM generate_series(1, 500)');
      const ids = rows.map((r) => BigInt(r.id));
      ids.slice(1).forEach((id, i) => expect(id > ids[i]).toBe(true));
      const millis = ids[0] >> 16n;
      expect(millis >= before - 1000n && millis <= BigInt(Date.now()) + 1000n).toBe(true);
    });

    it('gives new accounts a snowflake id by default', async () => {
      const { rows } = await database.db.query<{ id: string }>(
        `INSERT INTO accounts (username, username_lower, updated_at) VALUES ('alice', 'alice', now()) RETURNING id::text`,
      );
      expect(BigInt(rows[0].id) >> 16n).toBeGreaterThan(BigInt(Date.now() - 60_000));
    });
  });

  describe('with hand-written migrations', () => {
    let database: TestDatabase;
    const dirs: string[] = [];
    const folder = (files: Record<string, string>) => {
      const dir = tempMigrations(files);
      dirs.push(dir);
      return dir;
    };

    beforeEach(async () => {
      database = await open();
    });
    afterEach(async () => {
      await database?.dispose();
      dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
    });

    it('rolls a failing migration back whole and records nothing of it', async () => {
      const dir = folder({ '1_ok': 'CREATE TABLE a (id int);', '2_bad': 'CREATE TABLE b (id int);\nSELECT no_such_column FROM a;' });
      await expect(applyMigrations(database.target, { migrationsDir: dir })).rejects.toThrow(MigrationFailedError);
      const tables = await database.db.query<{ t: string | null }>(`SELECT to_regclass('a')::text AS t UNION ALL SELECT to_regclass('b')::text`);
      expect(tables.rows.map((r) => r.t)).toEqual(['a', null]);
      const { rows } = await database.db.query<{ migration_name: string }>('SELECT migration_name FROM _prisma_migrations');
      expect(rows.map((r) => r.migration_name)).toEqual(['1_ok']);
    });

    it('refuses to go on when an applied migration changed since', async () => {
      const dir = folder({ '1_a': 'CREATE TABLE a (id int);' });
      await applyMigrations(database.target, { migrationsDir: dir });
      writeFileSync(path.join(dir, '1_a', 'migration.sql'), 'CREATE TABLE a (id bigint);');
      await expect(applyMigrations(database.target, { migrationsDir: dir })).rejects.toThrow(MigrationHistoryError);
      await expect(applyMigrations(database.target, { migrationsDir: dir })).rejects.toThrow(/1_a changed after it was applied/);
    });

    it('applies each migration once when deploys race', async () => {
      const dir = folder({ '1_a': 'CREATE TABLE a (id int);', '2_b': 'CREATE TABLE b (id int);' });
      const runs = await Promise.all([1, 2, 3].map(() => applyMigrations(database.target, { migrationsDir: dir })));
      expect(runs.flatMap((r) => r.applied).sort()).toEqual(['1_a', '2_b']);
      const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM _prisma_migrations');
      expect(rows[0]?.n).toBe(2);
    });

    it('reports applied migrations that are missing from the folder', async () => {
      const full = folder({ '1_a': 'CREATE TABLE a (id int);', '2_b': 'CREATE TABLE b (id int);' });
      await applyMigrations(database.target, { migrationsDir: full });
      const older = folder({ '1_a': 'CREATE TABLE a (id int);' });
      expect(await applyMigrations(database.target, { migrationsDir: older })).toEqual({ applied: [], alreadyApplied: ['1_a'], unknown: ['2_b'] });
    });
  });
});
