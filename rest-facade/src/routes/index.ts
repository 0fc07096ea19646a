import { accountRoutes } from './accounts/accounts.js';
import { profileRoutes } from './profile/profile.js';
import { familiarFollowerRoutes } from './accounts/familiar-followers.js';
import { lookupRoutes } from './accounts/lookup.js';
import { accountSearchRoutes } from './accounts/search.js';
import { followListRoutes } from './accounts/follow-lists.js';
import { followRoutes } from './accounts/follows.js';
import { safetyRoutes } from './accounts/safety.js';
import { noteRoutes } from './accounts/note.js';
import { endorsementRoutes } from './accounts/endorsements.js';
import { accountListRoutes } from './accounts/lists.js';
import { domainBlockRoutes } from './domain-blocks/domain-blocks.js';
import { relationshipRoutes } from './accounts/relationships.js';
import { appRoutes } from './apps/apps.js';
import { instanceRoutes } from './instance/instance.js';
import { mediaRoutes } from './media/media.js';
import { mediaShortLinkRoutes } from './media/short-link.js';
import { uploadRoutes } from './media/upload.js';
import { authorizeRoutes } from './oauth/authorize.js';
import { oauthMetadataRoutes } from './oauth/metadata.js';
import { signInRoutes } from './oauth/sign-in.js';
import { tokenRoutes } from './oauth/token.js';
import { userInfoRoutes } from './oauth/userinfo.js';
import { pollRoutes } from './polls/polls.js';
import type { Route } from './route.js';
import { mountingOrder } from './mounting-order.js';
import { statusRoutes } from './statuses/statuses.js';
import { accountStatusRoutes } from './accounts/statuses.js';
import { bookmarkListRoutes } from './bookmarks/bookmarks.js';
import { favouriteListRoutes } from './favourites/favourites.js';
import { bookmarkRoutes } from './statuses/bookmark.js';
import { cardRoutes } from './statuses/card.js';
import { contextRoutes } from './statuses/context.js';
import { editRoutes } from './statuses/edit.js';
import { favouriteRoutes } from './statuses/favourite.js';
import { interactedByRoutes } from './statuses/interacted-by.js';
import { muteRoutes } from './statuses/mute.js';
import { pinRoutes } from './statuses/pin.js';
import { reblogRoutes } from './statuses/reblog.js';
import { homeTimelineRoutes } from './timelines/home.js';
import { publicTimelineRoutes } from './timelines/public.js';
import { tagTimelineRoutes } from './timelines/tag.js';
import { linkTimelineRoutes } from './timelines/link.js';
import { searchRoutes } from './search/search.js';
import { directoryRoutes } from './directory/directory.js';
import { listAccountRoutes } from './lists/accounts.js';
import { listRoutes } from './lists/lists.js';
import { listTimelineRoutes } from './timelines/list.js';
import { notificationRoutes } from './notifications/notifications.js';
import { groupedNotificationRoutes } from './notifications/grouped.js';
import { notificationPolicyRoutes } from './notifications/policy.js';
import { notificationRequestRoutes } from './notifications/requests.js';
import { markerRoutes } from './markers/markers.js';
import { preferenceRoutes } from './preferences/preferences.js';
import { announcementRoutes } from './announcements/announcements.js';
import { filterRoutes } from './filters/filters.js';
import { v1FilterRoutes } from './filters/v1.js';
import { followRequestRoutes } from './follow-requests/follow-requests.js';
import { conversationRoutes } from './conversations/conversations.js';
import { scheduledStatusRoutes } from './scheduled-statuses/scheduled-statuses.js';
import { webfingerRoutes } from './well-known/webfinger.js';
import { tagRoutes } from './tags/tags.js';
import { adminTrendRoutes, trendRoutes } from './trends/trends.js';
import { featuredTagRoutes } from './featured-tags/featured-tags.js';
import { suggestionRoutes } from './suggestions/suggestions.js';
import { reportRoutes } from './reports/reports.js';
import { adminReportRoutes } from './admin/reports.js';
import { adminAccountRoutes } from './admin/accounts.js';
import { pushSubscriptionRoutes } from './push/subscription.js';
import { adminAccountActionRoutes } from './admin/account-actions.js';
import { adminBlockRoutes } from './admin/blocks.js';
import { adminDashboardRoutes } from './admin/dashboard.js';

/**
 * Every REST route, in mounting order: as listed, but a fixed segment always
 * before a parameter in its place (`/api/v1/accounts/lookup` before
 * `/api/v1/accounts/:id`), wherever its module is listed.
 */
export const routes: Route[] = mountingOrder([
  ...appRoutes,
  ...tokenRoutes,
  ...authorizeRoutes,
  ...signInRoutes,
  ...userInfoRoutes,
  ...oauthMetadataRoutes,
  ...relationshipRoutes,
  ...accountRoutes,
  ...profileRoutes,
  ...lookupRoutes,
  ...accountSearchRoutes,
  ...familiarFollowerRoutes,
  ...followRoutes,
  ...safetyRoutes,
  ...followRequestRoutes,
  ...noteRoutes,
  ...endorsementRoutes,
  ...accountListRoutes,
  ...domainBlockRoutes,
  ...followListRoutes,
  ...statusRoutes,
  ...editRoutes,
  ...contextRoutes,
  ...cardRoutes,
  ...interactedByRoutes,
  ...favouriteRoutes,
  ...reblogRoutes,
  ...bookmarkRoutes,
  ...muteRoutes,
  ...pinRoutes,
  ...pollRoutes,
  ...accountStatusRoutes,
  ...homeTimelineRoutes,
  ...publicTimelineRoutes,
  ...tagTimelineRoutes,
  ...linkTimelineRoutes,
  ...tagRoutes,
  ...trendRoutes,
  ...adminTrendRoutes,
  ...featuredTagRoutes,
  ...suggestionRoutes,
  ...searchRoutes,
  ...directoryRoutes,
  ...listTimelineRoutes,
  ...listAccountRoutes,
  ...listRoutes,
  ...bookmarkListRoutes,
  ...favouriteListRoutes,
  ...notificationRoutes,
  ...groupedNotificationRoutes,
  ...notificationPolicyRoutes,
  ...notificationRequestRoutes,
  ...markerRoutes,
  ...pushSubscriptionRoutes,
  ...preferenceRoutes,
  ...announcementRoutes,
  ...filterRoutes,
  ...v1FilterRoutes,
  ...conversationRoutes,
  ...scheduledStatusRoutes,
  ...reportRoutes,
  ...adminReportRoutes,
  ...adminAccountRoutes,
  ...adminAccountActionRoutes,
  ...adminBlockRoutes,
  ...adminDashboardRoutes,
  ...instanceRoutes,
  ...webfingerRoutes,
  ...uploadRoutes,
  ...mediaRoutes,
  ...mediaShortLinkRoutes,
]);
