import { graphql } from './gql/index.js';

/** The home screen: the signed-in account and the first page of its home timeline, keyed by nodeId in the client cache. */
export const HomeScreen = graphql(`
  query HomeScreen($first: Int, $after: String) {
    viewer { nodeId id acct displayName avatar }
    me {
      homeTimeline(first: $first, after: $after) {
        edges {
          cursor
          node {
            nodeId id content createdAt favourited favouritesCount
            account { nodeId id acct displayName avatar }
          }
        }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`);
