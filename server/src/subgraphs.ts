import { createHmac } from 'node:crypto';
import type { Logger } from '@social/config';
import type { CacheInvalidation } from '@social/cache';
import type { PrismaClient } from '@social/db';
import type { EventBus } from '@social/pubsub';
import { createIdentitySubgraph, type IdentityConfig, type ProfileImages } from '@social/identity';
import { createMediaSubgraph, httpProfileImages } from '@social/media';
import { createStatusesSubgraph } from '@social/statuses';
import type { ServerConfig } from './config.js';

/** Identity's settings, from the server configuration (the subgraph's and the admin CLI's). */
export function identityConfig(config: ServerConfig): IdentityConfig {
  return {
    publicUrl: config.publicUrl,
    vapid: config.vapid,
    pushEndpointAllowPrivate: config.PUSH_ENDPOINT_ALLOW_PRIVATE,
    instanceTitle: config.INSTANCE_TITLE,
    registrationsMode: config.registrationsMode,
    showDomainBlocks: { list: config.SHOW_DOMAIN_BLOCKS, rationale: config.SHOW_DOMAIN_BLOCKS_RATIONALE },
    rules: config.instanceRules,
    extendedDescription: config.INSTANCE_EXTENDED_DESCRIPTION,
    authorizedOnly: config.AUTHORIZED_ONLY,
    // Every identity process derives the same key from the shared secret, so sessions survive a change of process.
    sessionSecret: createHmac('sha256', config.internalSecret).update('oauth-web-session').digest('base64url'),
    passwordHashing: { concurrency: config.PASSWORD_HASH_CONCURRENCY, queue: config.PASSWORD_HASH_QUEUE },
    jobs: { leaseMs: config.JOB_LEASE_SECONDS * 1000 },
  };
}

/**
 * Builds the subgraphs from the server configuration; `invalidation` retires
 * read-cache tokens after their writes (none: no cache hears them). Identity's
 * profile edits retire the account's; its avatars and headers are processed by
 * the media service: `images` in the same process, else the media process at
 * MEDIA_URL (without one, image changes answer 503).
 */
export function buildIdentity(
  prisma: PrismaClient,
  config: ServerConfig,
  bus?: EventBus,
  logger?: Logger,
  invalidation?: CacheInvalidation,
  images: ProfileImages | undefined = config.MEDIA_URL ? httpProfileImages(config.MEDIA_URL, config.internalSecret) : undefined,
) {
  return createIdentitySubgraph(prisma, identityConfig(config), bus ?? null, logger, { images, invalidation });
}

export function buildStatuses(prisma: PrismaClient, config: ServerConfig, bus: EventBus, logger: Logger, invalidation?: CacheInvalidation) {
  return createStatusesSubgraph(
    prisma,
    {
      publicUrl: config.publicUrl,
      defaultLanguage: config.DEFAULT_LANGUAGE,
      jobs: { leaseMs: config.JOB_LEASE_SECONDS * 1000 },
      cardFetchAllowPrivate: config.CARD_FETCH_ALLOW_PRIVATE,
      trendableByDefault: config.TRENDABLE_BY_DEFAULT,
      rules: config.instanceRules,
    },
    bus,
    logger,
    invalidation,
  );
}

/** Media never changes what a cached status shows: only media not yet attached can be edited, and only processed media attached. */
export function buildMedia(prisma: PrismaClient, config: ServerConfig, _bus?: EventBus, logger?: Logger, _invalidation?: CacheInvalidation) {
  return createMediaSubgraph(
    prisma,
    {
      publicUrl: config.publicUrl,
      mediaDir: config.mediaDir,
      jobs: { concurrency: config.JOB_CONCURRENCY, leaseMs: config.JOB_LEASE_SECONDS * 1000 },
    },
    logger,
  );
}
