// The container files cannot be run here (no Docker engine): their structure
// is checked instead. docker-compose.yml: PostgreSQL, Redis, a one-shot
// migration, one service per role with a health check, started in order,
// settings from .env, one media volume. Dockerfile: linted with
// dockerfile-utils (the linter of the VS Code Docker extension) and checked
// for the multi-stage, non-root, one-image-any-role shape.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { parse } from 'yaml';
import { ROLES } from '../config';

const ROOT = path.resolve(__dirname, '../../..');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  env_file?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  restart?: string;
  profiles?: string[];
}

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
/** The split roles (everything but the all-in-one `all`), each its own service. */
const SPLIT_ROLES = ROLES.filter((role) => role !== 'all');
const roleOf = (name: string) => services[name]?.command?.[0];

describe('docker-compose.yml', () => {
  it('runs PostgreSQL and Redis with health checks', () => {
    expect(services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(services.redis?.image).toMatch(/^redis:\d+/);
    expect(services.postgres?.healthcheck?.test).toEqual(expect.arrayContaining(['pg_isready']));
    expect(services.redis?.healthcheck?.test).toEqual(expect.arrayContaining(['redis-cli', 'ping']));
  });

  it('has one service per role of the server, each running that role of the one image', () => {
    const roleServices = Object.keys(services).filter((name) => (SPLIT_ROLES as readonly string[]).includes(roleOf(name) ?? ''));
    expect(roleServices.map(roleOf).sort()).toEqual([...SPLIT_ROLES].sort());
    for (const name of roleServices) {
      expect({ name, build: services[name]?.build, image: services[name]?.image, entrypoint: services[name]?.entrypoint }).toEqual({
        name, build: '.', image: 'social-federation:latest', entrypoint: undefined,
      });
    }
  });

  it('gives every role a health check on GET /health, settings from .env, and the shared services', () => {
    for (const role of SPLIT_ROLES) {
      const service = services[role];
      expect({ role, test: service.healthcheck?.test?.join(' ') }).toEqual({ role, test: expect.stringContaining('/health') });
      expect({ role, envFile: service.env_file }).toEqual({ role, envFile: '.env' });
      expect(service.environment).toEqual(expect.objectContaining({ DATABASE_URL: expect.stringMatching(/@postgres:5432\//), REDIS_URL: 'redis://redis:6379' }));
      expect(service.restart).toBe('unless-stopped');
    }
  });

  it('migrates once before any subgraph starts, and starts each layer after the one it calls is healthy', () => {
    expect(services.migrate?.entrypoint).toEqual(['node', 'packages/db/dist/cli/migrate.js']);
    expect(services.migrate?.command).toEqual(['deploy']);
    expect(services.migrate?.restart).toBe('no');
    expect(services.migrate?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const subgraph of ['identity', 'statuses', 'media']) {
      expect({ subgraph, dependsOn: services[subgraph]?.depends_on }).toEqual({
        subgraph,
        dependsOn: { migrate: { condition: 'service_completed_successfully' }, redis: { condition: 'service_healthy' } },
      });
    }
    expect(services.gateway?.depends_on).toEqual({
      identity: { condition: 'service_healthy' },
      statuses: { condition: 'service_healthy' },
      media: { condition: 'service_healthy' },
    });
    expect(services.facade?.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
  });

  it('wires the roles to each other by service name', () => {
    expect(services.gateway?.environment).toEqual(
      expect.objectContaining({ IDENTITY_URL: 'http://identity:3000', STATUSES_URL: 'http://statuses:3000', MEDIA_URL: 'http://media:3000' }),
    );
    expect(services.facade?.environment).toEqual(expect.objectContaining({ GATEWAY_URL: 'http://gateway:3000/graphql', MEDIA_URL: 'http://media:3000' }));
  });

  it('shares one media volume between the media processes and the facade', () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(['media', 'postgres']);
    expect(services.media?.volumes).toEqual(['media:/app/data/media']);
    expect(services.facade?.volumes).toEqual(['media:/app/data/media:ro']);
  });

  it('offers the admin CLI as a tool service that `up` does not start', () => {
    expect(services.admin?.entrypoint).toEqual(['node', 'server/dist/cli/admin.js']);
    expect(services.admin?.profiles).toEqual(['tools']);
    expect(services.admin?.volumes).toEqual(['media:/app/data/media']);
  });

  it('names only settings the server knows in the environment it gives', async () => {
    const { SETTING_NAMES } = await import('../config');
    const given = Object.values(services).flatMap((service) => Object.keys(service.environment ?? {}));
    expect(given.filter((name) => !SETTING_NAMES.includes(name) && !name.startsWith('POSTGRES_'))).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const text = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const strict = {
    deprecatedMaintainer: ValidationSeverity.ERROR,
    directiveCasing: ValidationSeverity.ERROR,
    emptyContinuationLine: ValidationSeverity.ERROR,
    instructionCasing: ValidationSeverity.ERROR,
    instructionCmdMultiple: ValidationSeverity.ERROR,
    instructionEntrypointMultiple: ValidationSeverity.ERROR,
    instructionHealthcheckMultiple: ValidationSeverity.ERROR,
    instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
    instructionWorkdirRelative: ValidationSeverity.ERROR,
  };

  it('passes the linter with every rule an error', () => {
    expect(validate(text, strict).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('the linter does catch mistakes (the check is live)', () => {
    expect(validate('FROM node:20\nworkdir app\nCMD ["a"]\nCMD ["b"]\n', strict).length).toBeGreaterThanOrEqual(2);
  });

  it('builds in one stage and runs a slim, non-root image whose argument is the role', () => {
    const instructions = DockerfileParser.parse(text).getInstructions();
    const of = (keyword: string) => instructions.filter((i) => i.getKeyword() === keyword).map((i) => i.getArgumentsContent() ?? '');
    const froms = of('FROM');
    expect(froms).toHaveLength(2);
    expect(froms[0]).toMatch(/^node:\d+[\w.-]*-slim AS build$/);
    expect(froms[1]).toMatch(/^node:\d+[\w.-]*-slim$/);
    expect(text.match(/^COPY --from=build /gm)).toHaveLength(1);
    expect(of('USER')).toEqual(['node']);
    expect(of('ENTRYPOINT')).toEqual(['["node", "server/dist/main.js"]']);
    expect(of('CMD')).toEqual(['["all"]']);
    expect(of('HEALTHCHECK').join(' ')).toContain('/health');
    expect(of('RUN').join(' ')).toContain('npm prune --omit=dev');
  });

  it('runs node with the flags `npm start` and the benchmarks run it with, overridable through NODE_OPTIONS', () => {
    const flags = /NODE_OPTIONS=(\S+)/.exec(text)?.[1];
    expect(flags).toMatch(/^--max-semi-space-size=\d+$/);
    const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toBe(`node ${flags} scripts/start.js`);
    expect(readFileSync(path.join(ROOT, 'bench/servers.js'), 'utf8')).toContain(`const SERVER_NODE_FLAGS = ['${flags}'];`);
  });
});
