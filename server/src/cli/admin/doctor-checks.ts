// The checks of `social-admin doctor`, loaded only when it runs.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ConfigError } from '@social/config';
import { migrationStatus, openDatabase, type MigrationPlan } from '@social/db';
import { loadConfig, type Role, type ServerConfig } from '../../config.js';

type Outcome = 'ok' | 'FAIL' | 'warn' | 'skip';

export interface Finding {
  outcome: Outcome;
  what: string;
  detail: string;
  fix?: string;
}

const TIMEOUT_MS = 10_000;

/** A URL fit to print: its password replaced. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function message(error: unknown): string {
  const text = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error);
  return text.split('\n')[0];
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database's migration plan, read-only; PGlite's folder is opened only if it exists. */
async function readPlan(config: ServerConfig): Promise<MigrationPlan> {
  if (config.DATABASE_URL) return withTimeout(migrationStatus(config.DATABASE_URL), 'PostgreSQL');
  const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    return await migrationStatus(database.pglite as NonNullable<typeof database.pglite>);
  } finally {
    await database.close();
  }
}

function databaseFix(error: unknown, config: ServerConfig): string {
  const code = (error as { code?: string }).code;
  if (code === '3D000') return 'create the database (createdb), or correct the database name in DATABASE_URL';
  if (code === '28P01' || code === '28000') return 'correct the user or password in DATABASE_URL, or allow this host in pg_hba.conf';
  if (!config.DATABASE_URL) return `stop the server first (the embedded database has one user at a time), or check that ${config.dataDir} is readable`;
  return 'start PostgreSQL, or correct the host and port in DATABASE_URL';
}

async function checkDatabase(config: ServerConfig): Promise<Finding[]> {
  const where = config.DATABASE_URL ? `PostgreSQL at ${redact(config.DATABASE_URL)}` : `embedded PGlite in ${config.dataDir}`;
  let plan: MigrationPlan;
  try {
    plan = await readPlan(config);
  } catch (error) {
    if ((error as Error).name === 'MigrationHistoryError') {
      return [
        { outcome: 'ok', what: 'database', detail: `${where} is reachable` },
        { outcome: 'FAIL', what: 'migrations', detail: message(error), fix: 'restore the migration files this database was migrated with; see packages/db (history checks)' },
      ];
    }
    return [
      { outcome: 'FAIL', what: 'database', detail: `${where}: ${message(error)}`, fix: databaseFix(error, config) },
      { outcome: 'skip', what: 'migrations', detail: 'the database is not reachable' },
    ];
  }
  const findings: Finding[] = [{ outcome: 'ok', what: 'database', detail: `${where} is reachable` }];
  if (plan.pending.length > 0) {
    findings.push({
      outcome: 'FAIL',
      what: 'migrations',
      detail: `${plan.pending.length} pending (${plan.pending.map((m) => m.name).join(', ')}); ${plan.applied.length} applied`,
      fix: 'run `social-admin migrate` (in docker compose: `docker compose run --rm migrate`; the all-in-one server also applies them when it starts)',
    });
  } else {
    findings.push({ outcome: 'ok', what: 'migrations', detail: `${plan.applied.length} applied, none pending` });
  }
  if (plan.unknown.length > 0) {
    findings.push({
      outcome: 'warn',
      what: 'migrations',
      detail: `applied in the database but unknown to this version: ${plan.unknown.join(', ')}`,
      fix: 'this code is older than the database; deploy the version that migrated it',
    });
  }
  return findings;
}

async function checkRedis(config: ServerConfig): Promise<Finding> {
  if (!config.REDIS_URL) {
    return { outcome: 'skip', what: 'redis', detail: 'REDIS_URL is not set: events and rate-limit counters stay inside one process (fine for one process, not for several)' };
  }
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 5_000, retryStrategy: () => null, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await withTimeout(redis.connect(), 'Redis');
    const answer = await withTimeout(redis.ping(), 'Redis');
    return { outcome: 'ok', what: 'redis', detail: `${redact(config.REDIS_URL)} answers ${answer}` };
  } catch (error) {
    return { outcome: 'FAIL', what: 'redis', detail: `${redact(config.REDIS_URL)}: ${message(error)}`, fix: 'start Redis, or correct REDIS_URL (unset it to run one process without Redis)' };
  } finally {
    redis.disconnect();
  }
}

async function checkMediaStorage(config: ServerConfig): Promise<Finding> {
  const probe = path.join(config.mediaDir, `.doctor-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(config.mediaDir, { recursive: true });
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
    return { outcome: 'ok', what: 'media storage', detail: `${config.mediaDir} is writable` };
  } catch (error) {
    return {
      outcome: 'FAIL',
      what: 'media storage',
      detail: `${config.mediaDir}: ${message(error)}`,
      fix: "make the folder writable by the server's user (in the image: uid 1000, `node`), or point MEDIA_DIR at one that is",
    };
  }
}

/** Every check; a later one that needs an earlier one (a valid configuration) is skipped when that failed. */
export async function diagnose(role: Role, environment: NodeJS.ProcessEnv): Promise<Finding[]> {
  let config: ServerConfig;
  try {
    config = loadConfig(role, environment);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [
      ...error.problems.map((problem) => ({ outcome: 'FAIL' as const, what: 'configuration', detail: problem })),
      { outcome: 'skip', what: 'database, migrations, redis, media storage', detail: 'they need a valid configuration', fix: 'fix the settings listed above (README, "Configuration"; .env.example)' },
    ];
  }
  const findings: Finding[] = [{ outcome: 'ok', what: 'configuration', detail: `valid for the ${role} role` }];
  const needsDatabase = role === 'all' || role === 'identity' || role === 'statuses' || role === 'media';
  findings.push(...(needsDatabase ? await checkDatabase(config) : [{ outcome: 'skip' as const, what: 'database', detail: `the ${role} role does not use it` }]));
  findings.push(await checkRedis(config));
  const needsMedia = role === 'all' || role === 'media' || role === 'facade';
  findings.push(needsMedia ? await checkMediaStorage(config) : { outcome: 'skip', what: 'media storage', detail: `the ${role} role does not use it` });
  return findings;
}
