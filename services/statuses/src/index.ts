import 'reflect-metadata';
import type { Logger } from '@social/config';
import { NO_INVALIDATION, type CacheInvalidation } from '@social/cache';
import type { PrismaClient } from '@social/db';
import type { EventBus } from '@social/pubsub';
import { buildSubgraph, instanceRules, SubgraphExecutor, type Principal } from '@social/federation';
import { AccountStatsData } from './account/account-stats.data.js';
import { resolveAccountReference } from './account/account.reference.js';
import type { StatusesConfig } from './config.js';
import { createStatusesContext } from './context.js';
import { StatusEvents } from './events.js';
import { InstanceActivityData } from './instance/instance-activity.data.js';
import { InstanceActivityResolver } from './instance/instance-activity.resolver.js';
import { resolveInstanceReference } from './instance/instance.reference.js';
import { Instance } from './instance/instance.type.js';
import { DomainBlockData } from './relationship/domain-block.data.js';
import { DomainBlockResolver } from './relationship/domain-block.resolver.js';
import { DomainBlockService } from './relationship/domain-block.service.js';
import { EndorsementData } from './relationship/endorsement.data.js';
import { EndorsementResolver } from './relationship/endorsement.resolver.js';
import { EndorsementService } from './relationship/endorsement.service.js';
import { CustomEmojiData } from './custom-emoji/custom-emoji.data.js';
import { emojiResolvers } from './custom-emoji/status-emojis.resolver.js';
import { SuggestionData } from './suggestion/suggestion.data.js';
import { SuggestionResolver } from './suggestion/suggestion.resolver.js';
import { SuggestionService } from './suggestion/suggestion.service.js';
import { RelationshipData } from './relationship/relationship.data.js';
import { RelationshipResolver } from './relationship/relationship.resolver.js';
import { FollowRequestResolver } from './relationship/follow-request.resolver.js';
import { acceptRequestsQueue } from './relationship/accept-requests.job.js';
import { AccountFieldsResolver } from './relationship/account-fields.resolver.js';
import { RelationshipService } from './relationship/relationship.service.js';
import { SafetyData } from './block/safety.data.js';
import { AccountMuteResolver } from './block/account-mute.resolver.js';
import { SafetyResolver } from './block/safety.resolver.js';
import { SafetyService } from './block/safety.service.js';
import { muteExpiryQueue } from './block/mute-expiry.job.js';
import { StatusData } from './status/status.data.js';
import { resolveStatusReference } from './status/status.reference.js';
import { StatusResolver } from './status/status.resolver.js';
import { StatusService } from './status/status.service.js';
import { MentionData } from './mention/mention.data.js';
import { MentionService } from './mention/mention.service.js';
import { statusActionResolvers } from './status-resolvers.js';
import { readServices, streamingResolvers } from './streaming-resolvers.js';
import { ViewerFlagsData } from './viewer/viewer-flags.data.js';
import { PollData } from './poll/poll.data.js';
import { PollResolver, StatusPollResolver } from './poll/poll.resolver.js';
import { PollService } from './poll/poll.service.js';
import { NotificationData } from './notification/notification.data.js';
import { NotificationRecorder } from './notification/notification.recorder.js';
import { NotificationPolicyData } from './notification/notification-policy.data.js';
import { JobQueue } from '@social/jobs';
import { PushDispatch } from './push/push-dispatch.js';
import { PushTargetsData } from './push/push-targets.data.js';
import { enqueuePollEnd, pollEndQueue, pollEndWrite } from './poll/poll-end.job.js';
import { EditData } from './edit/edit.data.js';
import { EditResolver } from './edit/edit.resolver.js';
import { EditService } from './edit/edit.service.js';
import { FilterData } from './filter/filter.data.js';
import { FilterKeywordFieldsResolver, FilterResolver, StatusFilteredResolver, ViewerFiltersResolver } from './filter/filter.resolver.js';
import { FilterService } from './filter/filter.service.js';
import { HashtagData } from './hashtag/hashtag.data.js';
import { hashtagResolvers } from './hashtag/hashtag.resolvers.js';
import { HashtagService } from './hashtag/hashtag.service.js';
import { TimelineData } from './timeline/timeline.data.js';
import { TrendReviewData, TrendsData } from './trends/trends.data.js';
import { DashboardData } from './dashboard/dashboard.data.js';
import { DashboardResolver } from './dashboard/dashboard.resolver.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { TrendsResolver } from './trends/trends.resolver.js';
import { TrendsService } from './trends/trends.service.js';
import { ConversationData } from './conversation/conversation.data.js';
import { ConversationService } from './conversation/conversation.service.js';
import { ConversationResolver } from './conversation/conversation.resolver.js';
import { ViewerConversationsResolver } from './viewer/viewer-conversations.resolver.js';

import { CardData } from './card/card.data.js';
import { cardQueues, enqueueCardFetch } from './card/card.jobs.js';
import { StatusCardResolver } from './card/card.resolver.js';
import { CardService } from './card/card.service.js';
import { ScheduledStatusData } from './scheduled-status/scheduled-status.data.js';
import { scheduledStatusQueues } from './scheduled-status/scheduled-status.jobs.js';
import { ScheduledStatusResolver } from './scheduled-status/scheduled-status.resolver.js';
import { ScheduledStatusService, toScheduledStatus } from './scheduled-status/scheduled-status.service.js';
import type { StatusesContext } from './context.js';
import { NodeData } from './node/node.data.js';
import { nodeResolvers, type OwnedNodeFinders } from './node/node.resolver.js';
import { MediaAttachmentReference } from './node/node.type.js';
import { SearchData } from './search/search.data.js';
import { SearchResolver } from './search/search.resolver.js';
import { SearchService } from './search/search.service.js';
import { SearchResults } from './search/search.type.js';

import { ReportData } from './report/report.data.js';
import { NotificationReportResolver, ReportResolver } from './report/report.resolver.js';
import { ReportService } from './report/report.service.js';
import { AccountPurge } from './moderation/account-purge.js';
import { AccountPurgeData } from './moderation/account-purge.data.js';
import { accountPurgeQueue } from './moderation/account-purge.job.js';

export type { StatusesConfig } from './config.js';
export { STATUS_EVENTS_CHANNEL, type StatusEvent } from './events.js';

/**
 * The statuses subgraph: statuses, interactions, threads, and the follow graph behind visibility.
 * `invalidation` is told, after each write committed, what it changed (the facades' read caches).
 */
export async function createStatusesSubgraph(prisma: PrismaClient, config: StatusesConfig, bus: EventBus, logger: Logger, invalidation: CacheInvalidation = NO_INVALIDATION) {
  const data = { statuses: new StatusData(prisma), accountStats: new AccountStatsData(prisma), relationships: new RelationshipData(prisma), viewerFlags: new ViewerFlagsData(prisma), safety: new SafetyData(prisma) };
  const events = new StatusEvents(bus, (error) => logger.error({ err: error }, 'publishing a status event failed'));
  const statuses = new StatusService(data.statuses, config, events, new MentionService(new MentionData(prisma), config.publicUrl), invalidation);
  const polls = new PollService(new PollData(prisma), statuses, invalidation);
  const notificationData = new NotificationData(prisma);
  const notificationPolicies = new NotificationPolicyData(prisma);
  const jobs = new JobQueue(prisma);
  const push = new PushDispatch(new PushTargetsData(prisma), (pairs) => data.relationships.follows(pairs), jobs);
  const notifications = new NotificationRecorder(notificationData, notificationPolicies, events, (error) => logger.error({ err: error }, 'recording a notification failed'), (recorded) => push.notified(recorded));
  statuses.afterCreate((record) => notifications.mentioned(record));
  statuses.afterCreate((record, facts) => notifications.posted(record, facts.subscribers));
  const cards = new CardService(new CardData(prisma), { allowPrivate: config.cardFetchAllowPrivate ?? false, publicUrl: config.publicUrl }, invalidation);
  statuses.onPublishWrite((status) => (cards.wantsCard(status) ? enqueueCardFetch(jobs) : null));
  statuses.onPublishWrite((status) => enqueuePollEnd(jobs, status));
  const edits = new EditService(new EditData(prisma), statuses, events, notifications, invalidation, (edit) => [
    ...(edit.poll ? [pollEndWrite(jobs, edit.poll.expiresAt)] : []),
    ...(edit.textChanged && cards.wantsCard(edit) ? [enqueueCardFetch(jobs)] : []),
  ]);
  const filters = new FilterService(new FilterData(prisma), statuses, (accountId) => events.filtersChanged(accountId));
  const conversations = new ConversationService(new ConversationData(prisma), statuses, events);
  statuses.onPublishWrite((status) => conversations.publishWrite(status));
  statuses.onDeleteWrite((status) => conversations.deleteWrite(status));
  const scheduled = new ScheduledStatusService(
    new ScheduledStatusData(prisma, jobs),
    statuses,
    (principal) => createStatusesContext(data, principal, 'scheduled-status'),
    logger.child({ component: 'scheduled-statuses' }),
  );
  const relationships = new RelationshipService(data.relationships, notifications, invalidation, data.safety);
  const safety = new SafetyService(data.safety, relationships, jobs, invalidation);
  const read = readServices(prisma, statuses);
  const reports = new ReportService(new ReportData(prisma), statuses, notifications, instanceRules(config.rules ?? []));
  const hashtags = new HashtagService(new HashtagData(prisma), statuses, config.publicUrl);
  const ownedNodes: OwnedNodeFinders = {
    Notification: (id, ctx) => read.notifications.get(id, ctx),
    List: (id, ctx) => read.lists.get(id, ctx),
    Conversation: (id, ctx) => conversations.get(id, ctx),
    Poll: (id, ctx) => polls.view(id, ctx),
  };
  const schema = await buildSubgraph({
    resolvers: [new StatusResolver(statuses), new EditResolver(edits, statuses), ...statusActionResolvers(prisma, statuses, events, notifications, invalidation), ...streamingResolvers(prisma, statuses, read), new RelationshipResolver(relationships), new FollowRequestResolver(relationships), new SafetyResolver(safety), new AccountMuteResolver(), new AccountFieldsResolver(relationships), new EndorsementResolver(new EndorsementService(new EndorsementData(prisma), relationships)), new SuggestionResolver(new SuggestionService(new SuggestionData(prisma), relationships)), ...emojiResolvers(new CustomEmojiData(prisma)), new DomainBlockResolver(new DomainBlockService(new DomainBlockData(prisma), new URL(config.publicUrl).hostname)), new PollResolver(polls), new StatusPollResolver(polls), new ScheduledStatusResolver(scheduled, statuses), new StatusCardResolver(cards), new ConversationResolver(conversations), new ViewerConversationsResolver(conversations, scheduled), new FilterResolver(filters), new ViewerFiltersResolver(filters), new FilterKeywordFieldsResolver(filters), new StatusFilteredResolver(filters), new ReportResolver(reports), new NotificationReportResolver(reports, notificationData), new SearchResolver(new SearchService(new SearchData(prisma), statuses, hashtags, config.publicUrl)), ...hashtagResolvers(hashtags), new TrendsResolver(new TrendsService(new TrendsData(prisma), statuses, new TimelineData(prisma), new TrendReviewData(prisma), config.trendableByDefault ?? true)), new InstanceActivityResolver(new InstanceActivityData(prisma)), new DashboardResolver(new DashboardService(new DashboardData(prisma), new URL(config.publicUrl).host)), ...nodeResolvers(statuses, new NodeData(prisma), ownedNodes)],
    // MediaAttachment is reached only through Node.
    // SearchResults is reached only through identity's search.
    orphanedTypes: [Instance, MediaAttachmentReference, SearchResults],
    // Only the gateway's direct feed calls use it.
    inaccessibleEnums: ['Feed'],
    referenceResolvers: {
      Status: resolveStatusReference(statuses),
      Account: resolveAccountReference,
      Instance: resolveInstanceReference(prisma) as never,
      // The key is the whole entity here: the fields resolve from it.
      SearchResults: ((reference: { key: string }) => reference) as never,
      ScheduledStatus: async (reference: { id: string }, ctx: StatusesContext) => toScheduledStatus(await scheduled.view(reference.id, ctx)),
    },
  });
  const purge = new AccountPurge(
    new SubgraphExecutor(schema, logger.child({ component: 'account-purge' })),
    (principal) => createStatusesContext(data, principal, 'account-purge'),
    new AccountPurgeData(prisma),
    invalidation,
  );
  return {
    name: 'statuses' as const,
    schema,
    createContext: (principal: Principal, requestId: string) => createStatusesContext(data, principal, requestId),
    /** Background jobs of this subgraph (poll ends, scheduled statuses, preview cards); every process hosting it starts them, and stops them before exiting. */
    workers: [
      jobs.worker({ ...scheduledStatusQueues(scheduled, logger.child({ component: 'scheduled-statuses' })), ...cardQueues(cards), ...pollEndQueue(notificationData, notifications, invalidation), ...muteExpiryQueue(data.safety), ...acceptRequestsQueue(relationships), ...accountPurgeQueue(purge, jobs, logger) }, {
        ...config.jobs,
        logger: logger.child({ component: 'statuses-jobs' }),
      }),
    ],
    /** Publishes every scheduled status whose time has come, now; resolves to how many (for an admin command). */
    publishDueScheduledStatuses: () => scheduled.publishDueNow(),
    /** This subgraph's part of deleting an account, now (the admin CLI's `accounts delete`; the deletion job runs the same). */
    purgeAccount: (accountId: bigint, onStatusDeleted?: () => void) => purge.run(accountId, onStatusDeleted),
  };
}

export type StatusesSubgraph = Awaited<ReturnType<typeof createStatusesSubgraph>>;
