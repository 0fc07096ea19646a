import type { Logger } from '@social/config';
import { createSubgraphServer, SubgraphExecutor, type InternalRoute } from '@social/federation';
import { createEventBus } from '@social/pubsub';
import type { ServerConfig } from '../config.js';
import { PROFILE_IMAGE_ROUTE, profileImageRoute, UPLOAD_ROUTE } from '@social/media';
import { createEntityVersions } from '@social/cache';
import { openCommandRedis } from '../rate-limiter.js';
import { cacheInvalidation } from '../read-cache.js';
import { buildIdentity, buildMedia, buildStatuses } from '../subgraphs.js';
import { openConfiguredDatabase } from './database.js';
import type { RunningRole } from './lifecycle.js';

const BUILDERS = { identity: buildIdentity, statuses: buildStatuses, media: buildMedia };

/** One subgraph as its own process, reachable only with a signed principal. */
export async function startSubgraph(name: keyof typeof BUILDERS, config: ServerConfig, logger: Logger): Promise<RunningRole> {
  const database = await openConfiguredDatabase(config, logger, false);
  const bus = createEventBus(config.REDIS_URL, (error) => logger.warn({ err: error }, 'redis'), config.redisPrefix);
  // Its writes retire version tokens in Redis, which the facade processes' read caches check.
  const commands = openCommandRedis(config, logger);
  const subgraph = await BUILDERS[name](database.prisma, config, bus, logger, cacheInvalidation(createEntityVersions(commands.redis), logger));
  // The media process receives upload bytes from facades, processes identity's profile images and runs the media jobs.
  const media = 'worker' in subgraph ? subgraph : null;
  const internalRoutes: Record<string, InternalRoute> | undefined =
    'resolvePrincipal' in subgraph
      ? {
          '/internal/principal': (body: unknown) => subgraph.resolvePrincipal((body as { token?: string }).token ?? null),
          '/internal/ip-blocks': () => subgraph.ipBlocks.load(),
        }
      : media
        ? { [PROFILE_IMAGE_ROUTE]: profileImageRoute(media.profileImages) }
        : undefined;
  const server = createSubgraphServer({
    name,
    executor: new SubgraphExecutor(subgraph.schema, logger),
    secret: config.internalSecret,
    createContext: subgraph.createContext,
    internalRoutes,
    internalStreamRoutes: media ? { [UPLOAD_ROUTE]: (body) => media.uploads.receive(body) } : undefined,
  });
  await media?.worker.start();
  // The statuses process runs the statuses jobs (poll ends, cards), identity its own (Web Push deliveries, deleting suspended accounts' data).
  const workers = 'workers' in subgraph ? subgraph.workers : [];
  for (const worker of workers) await worker.start();
  return {
    server,
    close: async () => {
      await media?.worker.stop();
      for (const worker of workers) await worker.stop();
      await bus.close();
      commands.close();
      await database.close();
    },
  };
}
