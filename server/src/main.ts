#!/usr/bin/env node
import 'reflect-metadata';
import { ConfigError, createLogger } from '@social/config';
import { configureMetrics, startTracing } from '@social/telemetry';
import { loadConfig, ROLES, type Role, type ServerConfig } from './config.js';
import { startAll } from './roles/all.js';
import { startFacade } from './roles/facade.js';
import { startGateway } from './roles/gateway.js';
import { answerClientErrorsAsJson, type RunningRole } from './roles/lifecycle.js';
import { startSubgraph } from './roles/subgraph.js';

/** In-flight requests get this long to finish after SIGTERM. */
const DRAIN_MS = 10_000;

function start(role: Role, config: ServerConfig, logger: ReturnType<typeof createLogger>): Promise<RunningRole> {
  switch (role) {
    case 'all':
      return startAll(config, logger);
    case 'gateway':
      return startGateway(config, logger);
    case 'facade':
      return startFacade(config, logger);
    default:
      return startSubgraph(role, config, logger);
  }
}

async function main(): Promise<void> {
  const role = (process.argv[2] ?? 'all') as Role;
  if (!ROLES.includes(role)) {
    process.stderr.write(`Unknown role "${role}". Roles: ${ROLES.join(', ')}\n`);
    process.exit(2);
  }
  let config: ServerConfig;
  try {
    config = loadConfig(role);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(`social-${role}`, config.LOG_LEVEL);
  configureMetrics({ enabled: config.METRICS_ENABLED, token: config.METRICS_TOKEN });
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? startTracing({ serviceName: config.OTEL_SERVICE_NAME ?? `social-${role}`, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT })
    : null;
  const running = await start(role, config, logger);
  running.server.keepAliveTimeout = 65_000;
  answerClientErrorsAsJson(running.server);
  // Slow or stalled clients may not hold sockets forever: headers within 20 s, the whole request
  // (uploads of up to 99 MB included) within REQUEST_TIMEOUT_SECONDS; streams are upgraded or
  // answered at once, so they are not cut by it.
  running.server.requestTimeout = config.REQUEST_TIMEOUT_SECONDS * 1000;
  // Node only applies requestTimeout once headersTimeout has passed: never longer than it.
  running.server.headersTimeout = Math.min(20_000, running.server.requestTimeout);
  // Node checks both timeouts only every connectionsCheckingInterval (30 s by default, which let a
  // stalled client hold its socket for up to 50 s); the property is read when listening starts.
  (running.server as typeof running.server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = 1_000;
  await new Promise<void>((resolve) => running.server.listen(config.PORT, config.HOST, resolve));
  const address = running.server.address();
  logger.info({ role, port: typeof address === 'object' && address ? address.port : config.PORT, publicUrl: config.publicUrl }, 'listening');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    const force = setTimeout(() => running.server.closeAllConnections(), DRAIN_MS).unref();
    running.drain?.().catch((error: unknown) => logger.warn({ err: error }, 'error while ending streams'));
    running.server.close(() => {
      clearTimeout(force);
      running
        .close()
        .then(() => tracing?.shutdown())
        .then(() => {
          logger.info('stopped');
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'error while stopping');
          process.exit(1);
        });
    });
    running.server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
