import type { CacheInvalidation } from '@social/cache';
import type { PrismaClient } from '@social/db';
import { BookmarkData } from './bookmark/bookmark.data.js';
import { BookmarkResolver } from './bookmark/bookmark.resolver.js';
import { BookmarkService } from './bookmark/bookmark.service.js';
import { ConversationMuteData } from './conversation-mute/conversation-mute.data.js';
import { ConversationMuteResolver } from './conversation-mute/conversation-mute.resolver.js';
import { ConversationMuteService } from './conversation-mute/conversation-mute.service.js';
import type { StatusEvents } from './events.js';
import { FavouriteData } from './favourite/favourite.data.js';
import { FavouriteResolver } from './favourite/favourite.resolver.js';
import { FavouriteService } from './favourite/favourite.service.js';
import type { NotificationRecorder } from './notification/notification.recorder.js';
import { PinData } from './pin/pin.data.js';
import { PinResolver } from './pin/pin.resolver.js';
import { PinService } from './pin/pin.service.js';
import { ReblogData } from './reblog/reblog.data.js';
import { ReblogResolver } from './reblog/reblog.resolver.js';
import { ReblogService } from './reblog/reblog.service.js';
import type { StatusService } from './status/status.service.js';
import { ThreadData } from './thread/thread.data.js';
import { ThreadResolver } from './thread/thread.resolver.js';
import { ThreadService } from './thread/thread.service.js';
import { StatusFieldsResolver } from './thread/status-fields.resolver.js';
import { TimelineData } from './timeline/timeline.data.js';
import { TimelineResolver } from './timeline/timeline.resolver.js';
import { TimelineService } from './timeline/timeline.service.js';
import { TimelineConnectionResolver } from './timeline/timeline-connection.resolver.js';
import { viewerResolvers } from './viewer/viewer.resolver.js';

/** The resolvers around statuses beyond posting and viewing: interactions, threads, timelines. */
export function statusActionResolvers(prisma: PrismaClient, statuses: StatusService, events: StatusEvents, notifications: NotificationRecorder, invalidation: CacheInvalidation): object[] {
  const favourites = new FavouriteService(new FavouriteData(prisma), statuses, events, notifications, invalidation);
  const reblogs = new ReblogService(new ReblogData(prisma), statuses, events, notifications, invalidation);
  const bookmarks = new BookmarkService(new BookmarkData(prisma), statuses);
  const threads = new ThreadService(new ThreadData(prisma), statuses);
  const resolvers = [
    new FavouriteResolver(favourites, statuses),
    new ReblogResolver(reblogs, statuses),
    new BookmarkResolver(bookmarks, statuses),
    new ConversationMuteResolver(new ConversationMuteService(new ConversationMuteData(prisma), statuses), statuses),
    new PinResolver(new PinService(new PinData(prisma), statuses), statuses),
    new ThreadResolver(threads),
    new StatusFieldsResolver(threads, favourites, reblogs),
  ];
  const timelines = new TimelineService(new TimelineData(prisma), statuses);
  return [...resolvers, new TimelineResolver(timelines), new TimelineConnectionResolver(timelines, statuses), ...viewerResolvers(timelines, { bookmarks, favourites })];
}
