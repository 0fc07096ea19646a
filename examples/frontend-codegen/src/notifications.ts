import { graphql } from './gql/index.js';

/** Notifications as the v2 list groups them: each account and status once, `limit` counts groups. */
export const NotificationsScreen = graphql(`
  query NotificationsScreen($maxId: ID) {
    notificationGroups(limit: 20, maxId: $maxId) {
      groups { groupKey type notificationsCount sampleAccountIds statusId latestPageNotificationAt }
      accounts { nodeId id acct displayName avatar }
      statuses { nodeId id content }
      nextMaxId
    }
  }
`);
