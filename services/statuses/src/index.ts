import 'reflect-metadata';
import type { Logger } from '@social/config';
import type { PrismaClient } from '@social/db';
import type { EventBus } from '@social/pubsub';
import { buildSubgraph, type Principal } from '@social/federation';
import { AccountStatsData } from './account/account-stats.data.js';
import { resolveAccountReference } from './account/account.reference.js';
import type { StatusesConfig } from './config.js';
import { createStatusesContext } from './context.js';
import { StatusEvents } from './events.js';
import { resolveInstanceReference } from './instance/instance.reference.js';
import { Instance } from './instance/instance.type.js';
import { RelationshipData } from './relationship/relationship.data.js';
import { RelationshipResolver } from './relationship/relationship.resolver.js';
import { RelationshipService } from './relationship/relationship.service.js';
import { StatusData } from './status/status.data.js';
import { resolveStatusReference } from './status/status.reference.js';
import { StatusResolver } from './status/status.resolver.js';
import { StatusService } from './status/status.service.js';
import { MentionData } from './mention/mention.data.js';
import { MentionService } from './mention/mention.service.js';
import { statusActionResolvers } from './status-resolvers.js';
import { streamingResolvers } from './streaming-resolvers.js';
import { ViewerFlagsData } from './viewer/viewer-flags.data.js';
import { PollData } from './poll/poll.data.js';
import { PollResolver, StatusPollResolver } from './poll/poll.resolver.js';
import { PollService } from './poll/poll.service.js';

export type { StatusesConfig } from './config.js';
export { STATUS_EVENTS_CHANNEL, type StatusEvent } from './events.js';

/** The statuses subgraph: statuses, interactions, threads, and the follow graph behind visibility. */
export async function createStatusesSubgraph(prisma: PrismaClient, config: StatusesConfig, bus: EventBus, logger: Logger) {
  const data = { statuses: new StatusData(prisma), accountStats: new AccountStatsData(prisma), relationships: new RelationshipData(prisma), viewerFlags: new ViewerFlagsData(prisma) };
  const events = new StatusEvents(bus, (error) => logger.error({ err: error }, 'publishing a status event failed'));
  const statuses = new StatusService(data.statuses, config, events, new MentionService(new MentionData(prisma), config.publicUrl));
  const polls = new PollService(new PollData(prisma), statuses);
  const schema = await buildSubgraph({
    resolvers: [new StatusResolver(statuses), ...statusActionResolvers(prisma, statuses, events), ...streamingResolvers(prisma, statuses), new RelationshipResolver(new RelationshipService(data.relationships)), new PollResolver(polls), new StatusPollResolver(polls)],
    orphanedTypes: [Instance],
    referenceResolvers: {
      Status: resolveStatusReference(statuses) as never,
      Account: resolveAccountReference as never,
      Instance: resolveInstanceReference(prisma) as never,
    },
  });
  return {
    name: 'statuses' as const,
    schema,
    createContext: (principal: Principal, requestId: string) => createStatusesContext(data, principal, requestId),
  };
}

export type StatusesSubgraph = Awaited<ReturnType<typeof createStatusesSubgraph>>;
