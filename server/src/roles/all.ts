import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Logger } from '@social/config';
import { SubgraphExecutor } from '@social/federation';
import express from 'express';
import { createGateway, createGatewaySubscriptions, graphqlHttpRouter, InProcessDataSource, readSupergraph, TrustedDocuments } from '@social/gateway';
import { createEventBus } from '@social/pubsub';
import { createFacadeHandler, createStreaming, definedOperations } from '@social/rest-facade';
import type { ServerConfig } from '../config.js';
import { InProcessGatewayClient } from '../in-process-gateway-client.js';
import { InProcessStreamingUpstream } from '../in-process-streaming-upstream.js';
import { createEntityVersions } from '@social/cache';
import { createRateLimiter, openCommandRedis } from '../rate-limiter.js';
import { cacheInvalidation, entityCache, statusReadCache } from '../read-cache.js';
import { buildIdentity, buildMedia, buildStatuses } from '../subgraphs.js';
import { openConfiguredDatabase } from './database.js';
import { inProcessMediaUploads } from './media-uploads.js';
import { refuseOtherUpgrades, type RunningRole } from './lifecycle.js';
import { createIpAccess } from '../ip-access.js';

/** What express's router.use('/graphql') matched: the path itself or below it, in any case. */
const GRAPHQL_PATH = /^\/graphql(?:[/?#]|$)/i;

/** Everything in one process: subgraphs, gateway and facade, with no HTTP between them. */
export async function startAll(config: ServerConfig, logger: Logger): Promise<RunningRole> {
  const database = await openConfiguredDatabase(config, logger, true);
  const bus = createEventBus(config.REDIS_URL, (error) => logger.warn({ err: error }, 'redis'), config.redisPrefix);
  const commands = openCommandRedis(config, logger);
  // One process: with Redis or without, the services' bumps and the facade's reads meet in the same tokens.
  const versions = createEntityVersions(commands.redis);
  const invalidation = cacheInvalidation(versions, logger);
  const media = await buildMedia(database.prisma, config, bus, logger, invalidation);
  const identity = await buildIdentity(database.prisma, config, bus, logger, invalidation, media.profileImages);
  const statuses = await buildStatuses(database.prisma, config, bus, logger, invalidation);
  const subgraphs = [identity, statuses, media];
  const dataSources = Object.fromEntries(
    subgraphs.map((subgraph) => [
      subgraph.name,
      new InProcessDataSource({
        name: subgraph.name,
        executor: new SubgraphExecutor(subgraph.schema, logger.child({ subgraph: subgraph.name })),
        createContext: subgraph.createContext,
      }),
    ]),
  );
  const rateLimiter = createRateLimiter(config, commands.redis);
  // Tokens in memory are shared with the writers only on PGlite, which no other process can open; other processes on the same PostgreSQL need Redis.
  const sharedWithWriters = commands.redis !== null || !config.DATABASE_URL;
  const gateway = await createGateway({
    supergraphSdl: readSupergraph(),
    dataSources,
    resolvePrincipal: identity.resolvePrincipal,
    ipAccess: createIpAccess(identity.ipBlocks.load, bus, logger, identity.ipBlocks.onChange),
    introspection: config.graphqlIntrospection,
    operationLimits: config.operationLimits,
    rateLimiter,
    entityCache: entityCache(config, versions, logger, sharedWithWriters),
    // The facade in this process is a trusted client: its operations are registered as they are.
    trustedDocuments: TrustedDocuments.of(config.GRAPHQL_DOCUMENTS, config.GRAPHQL_TRUSTED_DOCUMENTS, definedOperations().map((operation) => operation.document)),
  });
  const subscriptions = await createGatewaySubscriptions({ gateway, bus, logger });
  const streaming = createStreaming(new InProcessStreamingUpstream(subscriptions.executor));
  // Files reach the media storage by a rename, from REST's multipart routes and GraphQL's multipart requests alike.
  const uploads = inProcessMediaUploads(media);
  const facade = createFacadeHandler(
    {
      gateway: new InProcessGatewayClient(gateway),
      streaming,
      uploads,
      statusCache: statusReadCache(config, versions, rateLimiter, logger, sharedWithWriters),
      config: { publicUrl: config.publicUrl, bodyLimitBytes: config.BODY_LIMIT_BYTES, trustedProxies: config.trustedProxies, mediaDir: config.mediaDir, maxInFlight: config.MAX_IN_FLIGHT_REQUESTS },
    },
    logger,
  );
  // Frontends reach the gateway itself at /graphql (HTTP and graphql-ws), beside the REST API; the path decides without a second express app in front of every request.
  const graphql = express();
  graphql.disable('x-powered-by');
  graphql.set('trust proxy', config.trustedProxies);
  graphql.use(graphqlHttpRouter(gateway, logger, uploads));
  // What the router leaves (another method, a deeper path) gets the facade's JSON 404, as before.
  graphql.use((req: IncomingMessage, res: ServerResponse) => facade(req, res));
  const server = createServer((req, res) => {
    if (GRAPHQL_PATH.test(req.url ?? '')) graphql(req, res);
    else facade(req, res);
  });
  streaming.attach(server, true);
  subscriptions.attach(server, '/graphql', true);
  refuseOtherUpgrades(server, (pathname) => pathname === '/graphql' || /^\/api\/v1\/streaming(\/|$)/.test(pathname));
  await media.worker.start();
  for (const worker of [...identity.workers, ...statuses.workers]) await worker.start();
  return {
    server,
    drain: async () => {
      await streaming.close();
      await subscriptions.close();
    },
    close: async () => {
      await media.worker.stop();
      for (const worker of [...identity.workers, ...statuses.workers]) await worker.stop();
      await gateway.stop();
      commands.close();
      await bus.close();
      await database.close();
    },
  };
}
