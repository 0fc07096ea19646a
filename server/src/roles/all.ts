import { createServer } from 'node:http';
import type { Logger } from '@social/config';
import { SubgraphExecutor } from '@social/federation';
import { createGateway, createGatewaySubscriptions, InProcessDataSource, readSupergraph } from '@social/gateway';
import { createEventBus } from '@social/pubsub';
import { createFacadeApp, createStreaming } from '@social/rest-facade';
import type { ServerConfig } from '../config.js';
import { InProcessGatewayClient } from '../in-process-gateway-client.js';
import { InProcessStreamingUpstream } from '../in-process-streaming-upstream.js';
import { createRateLimiter } from '../rate-limiter.js';
import { buildIdentity, buildMedia, buildStatuses } from '../subgraphs.js';
import { openConfiguredDatabase } from './database.js';
import { inProcessMediaUploads } from './media-uploads.js';
import type { RunningRole } from './lifecycle.js';

/** Everything in one process: subgraphs, gateway and facade, with no HTTP between them. */
export async function startAll(config: ServerConfig, logger: Logger): Promise<RunningRole> {
  const database = await openConfiguredDatabase(config, logger, true);
  const bus = createEventBus(config.REDIS_URL, (error) => logger.warn({ err: error }, 'redis'), config.redisPrefix);
  const identity = await buildIdentity(database.prisma, config, bus, logger);
  const media = await buildMedia(database.prisma, config, bus, logger);
  const subgraphs = [identity, await buildStatuses(database.prisma, config, bus, logger), media];
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
  const rateLimits = createRateLimiter(config, logger);
  const gateway = await createGateway({
    supergraphSdl: readSupergraph(),
    dataSources,
    resolvePrincipal: identity.resolvePrincipal,
    introspection: config.GRAPHQL_INTROSPECTION,
    rateLimiter: rateLimits.limiter,
  });
  const subscriptions = await createGatewaySubscriptions({ gateway, bus, logger });
  const streaming = createStreaming(new InProcessStreamingUpstream(subscriptions.executor));
  const app = createFacadeApp(
    {
      gateway: new InProcessGatewayClient(gateway),
      streaming,
      uploads: inProcessMediaUploads(media),
      config: { publicUrl: config.publicUrl, bodyLimitBytes: config.BODY_LIMIT_BYTES, trustedProxies: config.trustedProxies, mediaDir: config.mediaDir },
    },
    logger,
  );
  const server = createServer(app);
  streaming.attach(server);
  await media.worker.start();
  return {
    server,
    drain: async () => {
      await streaming.close();
      await subscriptions.close();
    },
    close: async () => {
      await media.worker.stop();
      await gateway.stop();
      await rateLimits.close();
      await bus.close();
      await database.close();
    },
  };
}
