import { createServer } from 'node:http';
import type { Logger } from '@social/config';
import { createFacadeHandler, createStreaming, GraphqlWsUpstream, HttpGatewayClient, webSocketUrl } from '@social/rest-facade';
import { createEntityVersions } from '@social/cache';
import type { ServerConfig } from '../config.js';
import { createRateLimiter, openCommandRedis } from '../rate-limiter.js';
import { statusReadCache } from '../read-cache.js';
import type { RunningRole } from './lifecycle.js';
import { HttpMediaUploads } from './media-uploads.js';

/** The REST facade as its own process, in front of a gateway process. */
export async function startFacade(config: ServerConfig, logger: Logger): Promise<RunningRole> {
  const gateway = new HttpGatewayClient(config.GATEWAY_URL as string);
  // Files: uploads are streamed to the media process; stored files are read from MEDIA_DIR, a volume shared with it.
  const uploads = new HttpMediaUploads(config.MEDIA_URL as string, config.internalSecret);
  // Streams: one graphql-ws connection to the gateway carries every subscription of this process.
  const streaming = createStreaming(
    new GraphqlWsUpstream(webSocketUrl(config.GATEWAY_URL as string), (error) => logger.warn({ err: error }, 'gateway subscriptions connection')),
  );
  // Anonymous status reads from memory while Redis's version tokens say nothing they show changed; they are counted here as the gateway would.
  const commands = openCommandRedis(config, logger);
  const statusCache = statusReadCache(config, createEntityVersions(commands.redis), createRateLimiter(config, commands.redis), logger, commands.redis !== null);
  const handler = createFacadeHandler(
    {
      gateway,
      uploads,
      streaming,
      statusCache,
      config: { publicUrl: config.publicUrl, bodyLimitBytes: config.BODY_LIMIT_BYTES, trustedProxies: config.trustedProxies, mediaDir: config.mediaDir, maxInFlight: config.MAX_IN_FLIGHT_REQUESTS },
    },
    logger,
  );
  const server = createServer(handler);
  streaming.attach(server);
  return {
    server,
    drain: () => streaming.close(),
    close: async () => {
      uploads.close();
      commands.close();
      await gateway.close();
    },
  };
}
