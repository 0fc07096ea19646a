import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Logger } from '@social/config';
import { ANONYMOUS } from '@social/federation';
import type { EventBus } from '@social/pubsub';
import { createGatewayContext } from '../context.js';
import type { Gateway } from '../gateway.js';
import { HomeAudience, type HomeMember } from './audience.js';
import { EventHub } from './event-hub.js';
import { SubscriptionExecutor } from './executor.js';
import { RenderMemo } from './render-memo.js';
import { buildSubscriptionSchema } from './schema.js';
import { attachSubscriptionServer } from './ws-server.js';

export { SUBSCRIPTION_SDL } from './schema.js';
export type { SubscriptionCaller, SubscriptionExecutor, SubscriptionRequest } from './executor.js';

/** The statuses subgraph's @inaccessible audience field, asked directly (not through the API schema). */
const AUDIENCE_QUERY = `query StreamHomeMembers($statusId: ID!, $accountIds: [ID!]!) {
  streamHomeMembers(statusId: $statusId, accountIds: $accountIds) { accountId personal favourited reblogged bookmarked muted reblogMuted hasFilters }
}`;

export interface SubscriptionsOptions {
  gateway: Gateway;
  bus: EventBus;
  logger: Logger;
  /** Events that may wait per subscription before it is failed as too slow (default 1000). */
  maxQueued?: number;
}

export interface GatewaySubscriptions {
  /** Subscribes in this process (the all role's facade). */
  readonly executor: SubscriptionExecutor;
  /** Serves graphql-ws at `path` on an HTTP server (the gateway role). */
  /** `shared`: other WebSocket endpoints live on this server; leave their paths alone. */
  attach(server: Server, path: string, shared?: boolean): void;
  close(): Promise<void>;
}

/**
 * Subscriptions beside the federated gateway: the API schema plus
 * `Subscription`, fed by the event bus, each event resolved through the
 * gateway once per selection and shared (home streams: with each
 * subscriber's own flags laid over it; see streams.ts).
 */
export async function createGatewaySubscriptions(options: SubscriptionsOptions): Promise<GatewaySubscriptions> {
  const hub = new EventHub(options.bus, (payload) =>
    options.logger.warn({ payload }, 'ignored an event of an unknown type or shape (reported once per type)'),
  );
  await hub.start();
  const audience = new HomeAudience(async (statusId, accountIds) => {
    try {
      const context = createGatewayContext(ANONYMOUS, randomUUID(), '');
      const result = await options.gateway.callSubgraph('statuses', AUDIENCE_QUERY, { statusId, accountIds }, context);
      if (result.errors || !Array.isArray(result.data?.streamHomeMembers)) throw new Error(`streamHomeMembers failed: ${JSON.stringify(result.errors)}`);
      return result.data.streamHomeMembers as HomeMember[];
    } catch (error) {
      // Every user stream then renders the status on its own (correct, but one rendering per follower): say so, once per status.
      options.logger.warn({ err: error, statusId, viewers: accountIds.length }, 'home audience question failed; user streams render this status one by one');
      throw error;
    }
  });
  const schema = buildSubscriptionSchema(options.gateway.apiSchema(), {
    hub,
    execute: options.gateway.executeDocument,
    callSubgraph: options.gateway.callSubgraph,
    logger: options.logger,
    maxQueued: options.maxQueued ?? 1000,
    audience,
    renders: new RenderMemo(),
  });
  const executor = new SubscriptionExecutor(schema, (authorization) => options.gateway.resolveAuthorization(authorization), options.gateway.validationRules);
  const servers: Array<{ close(): Promise<void> }> = [];
  return {
    executor,
    attach(server, path, shared = false) {
      servers.push(attachSubscriptionServer(server, path, executor, shared, options.gateway.trustedDocuments));
    },
    async close() {
      await Promise.all(servers.map((server) => server.close()));
      hub.close();
    },
  };
}
