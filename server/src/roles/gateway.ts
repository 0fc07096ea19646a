import type { Logger } from '@social/config';
import {
  createGateway,
  createGatewayHttpServer,
  createGatewaySubscriptions,
  httpPrincipalResolver,
  readSupergraph,
  SignedRemoteDataSource,
} from '@social/gateway';
import { createEventBus } from '@social/pubsub';
import type { ServerConfig } from '../config.js';
import { createRateLimiter, openCommandRedis } from '../rate-limiter.js';
import type { RunningRole } from './lifecycle.js';

/** The gateway as its own process, calling subgraph processes over keep-alive HTTP. */
export async function startGateway(config: ServerConfig, logger: Logger): Promise<RunningRole> {
  const secret = config.internalSecret;
  const graphqlUrl = (base: string | undefined) => new URL('/graphql', base).toString();
  const commands = openCommandRedis(config, logger);
  const gateway = await createGateway({
    supergraphSdl: readSupergraph(),
    dataSources: {
      identity: new SignedRemoteDataSource(graphqlUrl(config.IDENTITY_URL), secret),
      statuses: new SignedRemoteDataSource(graphqlUrl(config.STATUSES_URL), secret),
      media: new SignedRemoteDataSource(graphqlUrl(config.MEDIA_URL), secret),
    },
    resolvePrincipal: httpPrincipalResolver(config.IDENTITY_URL as string, secret),
    introspection: config.graphqlIntrospection,
    operationLimits: config.operationLimits,
    rateLimiter: createRateLimiter(config, commands.redis),
  });
  // Subscriptions hear the subgraph processes' events through Redis (without REDIS_URL, none reach this process).
  if (!config.REDIS_URL) logger.warn('REDIS_URL is not set: streams of this gateway will carry no events');
  const bus = createEventBus(config.REDIS_URL, (error) => logger.warn({ err: error }, 'redis'), config.redisPrefix);
  const subscriptions = await createGatewaySubscriptions({ gateway, bus, logger });
  const server = createGatewayHttpServer(gateway, config.trustedProxies, logger);
  subscriptions.attach(server, '/graphql');
  return {
    server,
    drain: () => subscriptions.close(),
    close: async () => {
      await gateway.stop();
      commands.close();
      await bus.close();
    },
  };
}
