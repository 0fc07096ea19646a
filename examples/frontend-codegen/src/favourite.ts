import { graphql } from './gql/index.js';

/** Favourite a status: the payload's `errors` say what the user can fix; `status` is null then. */
export const Favourite = graphql(`
  mutation Favourite($statusId: ID!) {
    favouriteStatus(input: { statusId: $statusId }) {
      status { nodeId id favourited favouritesCount }
      errors { code message field }
    }
  }
`);
