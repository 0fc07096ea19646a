import type { Logger } from '@social/config';
import {
  createGateway,
  createGatewayHttpServer,
  createGatewaySubscriptions,
  httpIpBlocksLoader,
  httpPrincipalResolver,
  readSupergraph,
  SignedRemoteDataSource,
  SubgraphHealth,
  TrustedDocuments,
} from '@social/gateway';
import { createEventBus } from '@social/pubsub';
import type { ServerConfig } from '../config.js';
import { createEntityVersions } from '@social/cache';
import { createRateLimiter, openCommandRedis } from '../rate-limiter.js';
import { entityCache } from '../read-cache.js';
import type { RunningRole } from './lifecycle.js';
import { HttpMediaUploads } from './media-uploads.js';
import { createIpAccess } from '../ip-access.js';

/** The gateway as its own process, calling subgraph processes over keep-alive HTTP. */
export async function startGateway(config: ServerConfig, logger: Logger): Promise<RunningRole> {
  const secret = config.internalSecret;
  const graphqlUrl = (base: string | undefined) => new URL('/graphql', base).toString();
  const timeoutMs = config.SUBGRAPH_TIMEOUT_SECONDS * 1000;
  const commands = openCommandRedis(config, logger);
  const urls = { identity: config.IDENTITY_URL as string, statuses: config.STATUSES_URL as string, media: config.MEDIA_URL as string };
  // Subscriptions hear the subgraph processes' events through Redis (without REDIS_URL, none reach this process), and so do the IP blocks' rules.
  const bus = createEventBus(config.REDIS_URL, (error) => logger.warn({ err: error }, 'redis'), config.redisPrefix);
  const gateway = await createGateway({
    supergraphSdl: readSupergraph(),
    dataSources: {
      identity: new SignedRemoteDataSource(graphqlUrl(urls.identity), secret, timeoutMs),
      statuses: new SignedRemoteDataSource(graphqlUrl(urls.statuses), secret, timeoutMs),
      media: new SignedRemoteDataSource(graphqlUrl(urls.media), secret, timeoutMs),
    },
    resolvePrincipal: httpPrincipalResolver(urls.identity, secret, timeoutMs),
    ipAccess: createIpAccess(httpIpBlocksLoader(urls.identity, secret, timeoutMs), bus, logger),
    health: new SubgraphHealth({ urls, logger }),
    introspection: config.graphqlIntrospection,
    operationLimits: config.operationLimits,
    rateLimiter: createRateLimiter(config, commands.redis),
    // The subgraph processes retire tokens in Redis; without it this process would not hear their writes.
    entityCache: commands.redis ? entityCache(config, createEntityVersions(commands.redis), logger, true) : undefined,
    // The facade processes are clients like any other here: their operations come from gateway/trusted-documents/rest-facade.json in GRAPHQL_TRUSTED_DOCUMENTS.
    trustedDocuments: TrustedDocuments.of(config.GRAPHQL_DOCUMENTS, config.GRAPHQL_TRUSTED_DOCUMENTS),
  });
  if (config.GRAPHQL_DOCUMENTS === 'trusted' && config.GRAPHQL_TRUSTED_DOCUMENTS.size === 0) {
    // Every request is refused, the facade's too: name the setting that is missing.
    logger.warn('GRAPHQL_DOCUMENTS=trusted without GRAPHQL_TRUSTED_DOCUMENTS: no operation is registered (list gateway/trusted-documents/rest-facade.json)');
  }
  if (!config.REDIS_URL) logger.warn('REDIS_URL is not set: streams of this gateway will carry no events, and IP blocks apply up to 10 s late');
  const subscriptions = await createGatewaySubscriptions({ gateway, bus, logger });
  // Files of multipart GraphQL requests are streamed to the media process's internal upload route, as the facade's are.
  const uploads = new HttpMediaUploads(urls.media, secret);
  const server = createGatewayHttpServer(gateway, config.trustedProxies, logger, uploads);
  subscriptions.attach(server, '/graphql');
  return {
    server,
    drain: () => subscriptions.close(),
    close: async () => {
      uploads.close();
      await gateway.stop();
      commands.close();
      await bus.close();
    },
  };
}
