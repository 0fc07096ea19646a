import { graphql } from './gql/index.js';

/** A thread: the status, what it answers and what answers it, and who favourited it. */
export const ThreadScreen = graphql(`
  query ThreadScreen($id: ID!) {
    status(id: $id) {
      nodeId id content createdAt favourited favouritesCount
      account { nodeId id acct displayName avatar }
      context {
        ancestors { nodeId id content account { acct avatar } }
        descendants { nodeId id content inReplyToId account { acct avatar } }
      }
      favouritedBy(first: 10) { edges { node { nodeId id acct } } }
    }
  }
`);
