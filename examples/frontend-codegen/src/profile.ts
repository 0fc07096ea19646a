import { graphql } from './gql/index.js';

/** A profile: the account, how the viewer relates to it, its first statuses and a few followers. */
export const ProfileScreen = graphql(`
  query ProfileScreen($id: ID!, $after: String) {
    account(id: $id) {
      nodeId id acct displayName note avatar header followersCount followingCount statusesCount
      relationship { following followedBy blocking muting requested }
      statuses(first: 20, after: $after) {
        edges { node { nodeId id content createdAt favouritesCount reblogsCount } }
        pageInfo { hasNextPage endCursor }
      }
      followers(first: 5) { edges { node { nodeId id acct avatar } } }
    }
  }
`);
