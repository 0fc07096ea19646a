import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from './ports';
import { createTestDatabase, migrateDatabase, type TestDatabase } from './postgres';
import { describeExit, ServiceProcess } from './service-process';
import { seedStaff, type StaffAccount } from './staff';

/** The three deployments the end-to-end suite runs against. */
export const TARGET_NAMES = ['embedded', 'single', 'multi'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export function isTargetName(value: string): value is TargetName {
  return (TARGET_NAMES as readonly string[]).includes(value);
}

export interface TargetOptions {
  /** LOG_LEVEL of the server processes (env E2E_LOG_LEVEL, default warn). */
  logLevel?: string;
  /** How long each process may take to answer /health (env E2E_START_TIMEOUT_MS, default 60 s). */
  startTimeoutMs?: number;
  /** How long each process gets after SIGTERM before SIGKILL (default 15 s). */
  stopTimeoutMs?: number;
  /** Extra settings for every server process, applied last (env E2E_SERVER_ENV: `KEY=value KEY2=value`). */
  env?: Record<string, string>;
  /** Give it staff (an Admin and a Moderator) before it starts (the suite's own target does; tests starting their own need not). */
  staff?: boolean;
}

/** `KEY=value KEY2=value` (space- or newline-separated) as an object. */
export function parseEnvList(value: string | undefined): Record<string, string> {
  const entries = (value ?? '').split(/\s+/).filter(Boolean).map((pair) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`E2E_SERVER_ENV: expected KEY=value, got "${pair}"`);
    return [pair.slice(0, eq), pair.slice(eq + 1)] as const;
  });
  return Object.fromEntries(entries);
}

export interface ProcessExit {
  name: string;
  /** "code 0", "signal SIGKILL", ... */
  exit: string;
  /** Exited 0 on SIGTERM, without needing SIGKILL. */
  clean: boolean;
}

export interface RunningTarget {
  name: TargetName;
  /** The REST facade's base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** The gateway's GraphQL endpoint (the facade's process in one-process targets, the gateway's in multi). */
  graphqlUrl: string;
  /** The processes' DATA_DIR, MEDIA_DIR and TMPDIR are data/, media/ and tmp/ in here. */
  tempDir: string;
  processes: ServiceProcess[];
  /**
   * Where the processes keep their state (DATABASE_URL, REDIS_URL, REDIS_NAMESPACE; empty for
   * embedded), for tests that must reach behind the API (a publisher that does not exist yet).
   */
  backends: Record<string, string>;
  /** Its staff (an Admin and a Moderator), made with the admin CLI before it started when asked for (`staff`); else none. */
  staff: StaffAccount[];
  /**
   * Starts one more facade process on a free port against the same gateway (multi only) and
   * resolves to its base URL; stop() stops it with the others.
   */
  addFacade(): Promise<string>;
  /**
   * Starts again the named process, which a test killed (ServiceProcess.kill9), on its port with
   * its settings, and resolves once it answers /health; stop() stops it with the others.
   */
  relaunch(name: string): Promise<ServiceProcess>;
  /** Stops every process, then removes the database and temporary folders. */
  stop(): Promise<ProcessExit[]>;
}

interface Resources {
  processes: ServiceProcess[];
  staff: StaffAccount[];
  extraEnv: Record<string, string>;
  tempDir: string;
  database?: TestDatabase;
  backends: Record<string, string>;
  /** Launches another facade like the first (multi). */
  addFacade?: () => Promise<string>;
  /** Where the gateway answers, when it is not the facade's process. */
  gatewayUrl?: string;
}

/** Starts a fresh server of the given kind; on a failed start everything already started is released. */
export async function startTarget(name: TargetName, options: TargetOptions = {}): Promise<RunningTarget> {
  const settings = {
    logLevel: options.logLevel ?? process.env.E2E_LOG_LEVEL ?? 'warn',
    startTimeoutMs: options.startTimeoutMs ?? Number(process.env.E2E_START_TIMEOUT_MS ?? 60_000),
    stopTimeoutMs: options.stopTimeoutMs ?? 15_000,
    env: options.env ?? parseEnvList(process.env.E2E_SERVER_ENV),
    staff: options.staff ?? false,
  };
  const resources: Resources = {
    processes: [],
    staff: [],
    extraEnv: settings.env,
    tempDir: await mkdtemp(path.join(os.tmpdir(), `social-e2e-${name}-`)),
    backends: {},
  };
  const release = () => releaseResources(resources, settings.stopTimeoutMs);
  try {
    const baseUrl = await STARTERS[name](resources, settings);
    const addFacade = async () => {
      if (!resources.addFacade) throw new Error(`The ${name} target has one process: it cannot add a facade`);
      return resources.addFacade();
    };
    const relaunch = async (processName: string) => {
      const index = resources.processes.findIndex((service) => service.name === processName);
      const old = resources.processes[index];
      if (!old) throw new Error(`The ${name} target has no process named ${processName}`);
      const started = old.relaunch();
      resources.processes[index] = started;
      await started.waitForHealth(settings.startTimeoutMs);
      return started;
    };
    const graphqlUrl = `${resources.gatewayUrl ?? baseUrl}/graphql`;
    return { name, baseUrl, graphqlUrl, tempDir: resources.tempDir, processes: resources.processes, backends: resources.backends, staff: resources.staff, addFacade, relaunch, stop: release };
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}

type Settings = Required<TargetOptions>;

const STARTERS: Record<TargetName, (resources: Resources, settings: Settings) => Promise<string>> = {
  /** The `all` role on PGlite in a fresh DATA_DIR. */
  async embedded(resources, settings) {
    const [port] = (await freePorts(1)) as [number];
    if (settings.staff) resources.staff = await seedStaff(folders(resources.tempDir));
    const facade = launch(resources, 'all (PGlite)', 'all', port, {
      ...folders(resources.tempDir),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: settings.logLevel,
    });
    await facade.waitForHealth(settings.startTimeoutMs);
    return facade.url;
  },

  /** The `all` role on a fresh PostgreSQL database, migrated at boot, with Redis. */
  async single(resources, settings) {
    resources.database = await createTestDatabase();
    const [port] = (await freePorts(1)) as [number];
    resources.backends = { DATABASE_URL: resources.database.url, REDIS_URL: redisUrl(), REDIS_NAMESPACE: redisNamespace() };
    if (settings.staff) {
      // The server migrates at boot; the admin CLI making its staff first needs the schema already.
      await migrateDatabase(resources.database.url);
      resources.staff = await seedStaff({ ...folders(resources.tempDir), ...resources.backends });
    }
    const facade = launch(resources, 'all (PostgreSQL)', 'all', port, {
      ...folders(resources.tempDir),
      ...resources.backends,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: settings.logLevel,
    });
    await facade.waitForHealth(settings.startTimeoutMs);
    return facade.url;
  },

  /** Five processes (three subgraphs, gateway, facade) on a database migrated with the CLI. */
  async multi(resources, settings) {
    resources.database = await createTestDatabase();
    await migrateDatabase(resources.database.url);
    if (settings.staff) resources.staff = await seedStaff({ ...folders(resources.tempDir), DATABASE_URL: resources.database.url });
    const [identityPort, statusesPort, mediaPort, gatewayPort, facadePort] = (await freePorts(5)) as [number, number, number, number, number];
    resources.backends = { DATABASE_URL: resources.database.url, REDIS_URL: redisUrl(), REDIS_NAMESPACE: redisNamespace() };
    const common = {
      ...folders(resources.tempDir),
      ...resources.backends,
      INTERNAL_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${facadePort}`,
      LOG_LEVEL: settings.logLevel,
    };
    const subgraphs = [
      // Identity has avatars and headers processed by the media process.
      launch(resources, 'identity', 'identity', identityPort, { ...common, MEDIA_URL: `http://127.0.0.1:${mediaPort}` }),
      launch(resources, 'statuses', 'statuses', statusesPort, common),
      launch(resources, 'media', 'media', mediaPort, common),
    ];
    await Promise.all(subgraphs.map((subgraph) => subgraph.waitForHealth(settings.startTimeoutMs)));
    const [identity, statuses, media] = subgraphs as [ServiceProcess, ServiceProcess, ServiceProcess];
    const gateway = launch(resources, 'gateway', 'gateway', gatewayPort, {
      ...common,
      IDENTITY_URL: identity.url,
      STATUSES_URL: statuses.url,
      MEDIA_URL: media.url,
    });
    await gateway.waitForHealth(settings.startTimeoutMs);
    resources.gatewayUrl = gateway.url;
    // The facade streams uploads to the media process and serves MEDIA_DIR (the same folder: a shared volume).
    const facadeEnv = { ...common, GATEWAY_URL: `${gateway.url}/graphql`, MEDIA_URL: media.url };
    const facade = launch(resources, 'facade', 'facade', facadePort, facadeEnv);
    await facade.waitForHealth(settings.startTimeoutMs);
    let added = 0;
    resources.addFacade = async () => {
      const [port] = (await freePorts(1)) as [number];
      added += 1;
      const extra = launch(resources, `facade ${added + 1}`, 'facade', port, facadeEnv);
      await extra.waitForHealth(settings.startTimeoutMs);
      return extra.url;
    };
    return facade.url;
  },
};

function launch(resources: Resources, name: string, role: string, port: number, env: Record<string, string>): ServiceProcess {
  // Preview-card and Web Push tests serve their pages and push endpoints on this machine's loopback address, which the server refuses by default.
  const started = new ServiceProcess(name, port, role, { CARD_FETCH_ALLOW_PRIVATE: 'true', PUSH_ENDPOINT_ALLOW_PRIVATE: 'true', ...env, ...resources.extraEnv });
  resources.processes.push(started);
  return started;
}

/** The target's folders; TMPDIR too, so that a test sees only its own target's temporary files (uploads being received). */
function folders(tempDir: string): Record<string, string> {
  const temporary = path.join(tempDir, 'tmp');
  mkdirSync(temporary, { recursive: true });
  return { DATA_DIR: path.join(tempDir, 'data'), MEDIA_DIR: path.join(tempDir, 'media'), TMPDIR: temporary };
}

/** Each target gets its own Redis key space: counters and events of other runs stay out. */
function redisNamespace(): string {
  return `social_test_${randomBytes(4).toString('hex')}`;
}

function redisUrl(): string {
  return process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

async function releaseResources(resources: Resources, stopTimeoutMs: number): Promise<ProcessExit[]> {
  const exits = await Promise.all(
    resources.processes.map(async (service) => {
      const result = await service.stop(stopTimeoutMs);
      return { name: service.name, exit: describeExit(result), clean: result.code === 0 && !service.killed };
    }),
  );
  const database = resources.database;
  resources.database = undefined;
  if (database) await database.drop();
  await rm(resources.tempDir, { recursive: true, force: true });
  return exits;
}
