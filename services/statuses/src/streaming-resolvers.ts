import type { PrismaClient } from '@social/db';
import { FeedResolver } from './feed/feed.resolver.js';
import { FeedData } from './feed/feed.data.js';
import { FeedService } from './feed/feed.service.js';
import { ListData } from './list/list.data.js';
import { ListResolver } from './list/list.resolver.js';
import { ListService } from './list/list.service.js';
import { AccountListsResolver, ListFieldsResolver, ViewerListsResolver } from './list/list-fields.resolver.js';
import { MarkerData } from './marker/marker.data.js';
import { MarkerResolver } from './marker/marker.resolver.js';
import { MarkerService } from './marker/marker.service.js';
import { NotificationData } from './notification/notification.data.js';
import { NotificationResolver } from './notification/notification.resolver.js';
import { NotificationService } from './notification/notification.service.js';
import { NotificationGroupData } from './notification/notification-groups.data.js';
import { NotificationGroupsResolver } from './notification/notification-groups.resolver.js';
import { NotificationGroupService } from './notification/notification-groups.service.js';
import { ViewerNotificationsResolver } from './notification/viewer-notifications.resolver.js';
import { NotificationPolicyData } from './notification/notification-policy.data.js';
import { NotificationRequestResolver, ViewerNotificationPolicyResolver } from './notification/notification-policy.resolver.js';
import { NotificationPolicyService } from './notification/notification-policy.service.js';
import type { StatusService } from './status/status.service.js';
import { TimelineData } from './timeline/timeline.data.js';

/** The services of lists and of notifications as read, which `node(id:)` asks too. */
export function readServices(prisma: PrismaClient, statuses: StatusService) {
  const markers = new MarkerData(prisma);
  return { lists: new ListService(new ListData(prisma), statuses), notifications: new NotificationService(new NotificationData(prisma), statuses, markers), markers };
}

type ReadServices = ReturnType<typeof readServices>;

/** Lists, notifications as read (with the notification policy and its requests), reading markers, and the feed questions streaming asks about each event. */
export function streamingResolvers(prisma: PrismaClient, statuses: StatusService, { lists, notifications, markers }: ReadServices): object[] {
  const policies = new NotificationPolicyService(new NotificationPolicyData(prisma));
  return [
    new ListResolver(lists),
    new ViewerListsResolver(lists),
    new AccountListsResolver(lists),
    new ListFieldsResolver(lists),
    new NotificationResolver(notifications, statuses),
    new ViewerNotificationsResolver(notifications),
    new NotificationGroupsResolver(new NotificationGroupService(new NotificationGroupData(prisma), statuses, markers)),
    new ViewerNotificationPolicyResolver(policies),
    new NotificationRequestResolver(policies, statuses),
    new MarkerResolver(new MarkerService(markers)),
    new FeedResolver(new FeedService(new TimelineData(prisma), lists, statuses, new FeedData(prisma)), notifications, statuses),
  ];
}
