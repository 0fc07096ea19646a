// A server process a test starts, kills and restarts itself (the shared
// target of the suite must never be killed), on a database of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, eventually, freePort, type TestDatabase } from '@social/testkit';

const SERVER_MAIN = path.resolve(__dirname, '../../server/dist/main.js');

/** Settings the suite's own environment must not leak into these processes. */
const OWN_SETTINGS = /^(PORT|HOST|PUBLIC_URL|DATA_DIR|MEDIA_DIR|DATABASE_URL|REDIS_URL|INTERNAL_SECRET|LOG_LEVEL|JOB_.*|RATE_LIMIT.*|.*_URL)$/;

export class OwnServer {
  private exited: Promise<void>;
  private output = '';

  private constructor(
    readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-8000)));
    child.stderr?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-8000)));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** `node server/dist/main.js all` with these settings; resolves once /health answers. */
  static async start(port: number, env: Record<string, string>): Promise<OwnServer> {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OWN_SETTINGS.test(key)));
    const child = spawn(process.execPath, [SERVER_MAIN, 'all'], {
      env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new OwnServer(child, `http://127.0.0.1:${port}`);
    const outcome = await eventually(
      async () => (child.exitCode !== null ? 'exited' : (await fetch(`${server.baseUrl}/health`).then((r) => r.ok, () => false)) && 'healthy'),
      { timeoutMs: 60_000, intervalMs: 100 },
    ).catch(() => 'timed out');
    if (outcome === 'healthy') return server;
    child.kill('SIGKILL');
    throw new Error(outcome === 'exited' ? `server exited early:\n${server.output}` : `server did not become healthy:\n${server.output}`);
  }

  /** The last 8,000 characters the process wrote (stdout and stderr together). */
  get log(): string {
    return this.output;
  }

  get pid(): number {
    return this.child.pid as number;
  }

  /** kill -9: no drain, no cleanup, leases left as they were. */
  async kill9(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** A fresh PostgreSQL database and media folder shared by the processes of one test. */
export interface Playground {
  database: TestDatabase;
  mediaDir: string;
  dataDir: string;
  sql: Client;
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export async function playground(extraEnv: Record<string, string> = {}): Promise<Playground> {
  const database = await createTestDatabase();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'social-jobs-'));
  const sql = new Client({ connectionString: database.url });
  await sql.connect();
  const mediaDir = path.join(folder, 'media');
  const dataDir = path.join(folder, 'data');
  return {
    database,
    mediaDir,
    dataDir,
    sql,
    env: { DATABASE_URL: database.url, MEDIA_DIR: mediaDir, DATA_DIR: dataDir, ...extraEnv },
    dispose: async () => {
      await sql.end();
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

export { freePort };
