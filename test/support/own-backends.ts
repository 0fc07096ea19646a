// PostgreSQL and Redis servers a fault test starts, stops and restarts itself, on spare ports
// (the shared ones on 5432 and 6379 must never be touched). PostgreSQL refuses to run as root,
// so when the suite runs as root its cluster belongs to the postgres user.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventually, freePort } from '@social/testkit';

const run = promisify(execFile);

async function postgresBin(): Promise<string> {
  const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
}

async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  await eventually(check, { timeoutMs: 30_000, intervalMs: 200, what: `${what} to come up` });
}

export class OwnPostgres {
  private constructor(
    readonly port: number,
    private readonly folder: string,
    private readonly bin: string,
    private readonly owner: { uid: number; gid: number } | null,
  ) {}

  /** initdb in a temporary folder, trust auth, then start on a free port. */
  static async start(): Promise<OwnPostgres> {
    const bin = await postgresBin();
    const owner = await postgresUser();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'social-own-pg-'));
    await chmod(folder, 0o700);
    if (owner) await chown(folder, owner.uid, owner.gid);
    const server = new OwnPostgres(await freePort(), folder, bin, owner);
    await server.as('initdb', ['-D', server.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
    await server.startServer();
    return server;
  }

  get dataDir(): string {
    return path.join(this.folder, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    await this.as('psql', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-c', `CREATE DATABASE ${name}`]);
    return this.url(name);
  }

  /** pg_ctl start; resolves when it accepts connections. */
  async startServer(): Promise<void> {
    await this.as('pg_ctl', ['-D', this.dataDir, '-l', path.join(this.folder, 'log'), '-w', '-o', `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1`, 'start']);
    await waitFor(async () => (await this.as('pg_isready', ['-h', '127.0.0.1', '-p', String(this.port)]).then(() => true, () => false)), 'PostgreSQL');
  }

  /** pg_ctl stop -m fast: open connections are terminated, as in a restart or failover. */
  async stopServer(): Promise<void> {
    await this.as('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  async dispose(): Promise<void> {
    await this.stopServer().catch(() => undefined);
    await rm(this.folder, { recursive: true, force: true });
  }

  private async as(tool: string, args: string[]): Promise<string> {
    const command = path.join(this.bin, tool);
    const { stdout } = this.owner ? await run('runuser', ['-u', 'postgres', '--', command, ...args]) : await run(command, args);
    return stdout;
  }
}

export class OwnRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.startServer();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async startServer(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.child = child;
    await waitFor(async () => (await run('redis-cli', ['-p', String(this.port), 'ping'])).stdout.includes('PONG'), 'Redis');
  }

  async stopServer(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  dispose(): Promise<void> {
    return this.stopServer();
  }
}
