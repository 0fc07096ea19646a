import { Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import { Filter } from './not-yet.type.js';

/**
 * Lists of features this server does not have yet, which clients load at
 * start-up (docs/api/timelines.md#empty-lists): answered empty, with Mastodon's access rules, so
 * a client's login does not stop at a 404.
 */
@Resolver()
export class NotYetResolver {
  @Query(() => [Filter], { description: "The caller's keyword filters (none can exist yet).", deprecationReason: 'Always empty: keyword filters are not implemented.' })
  @Access({ scopes: acceptedScopes('read:filters'), user: true })
  filters(): Filter[] {
    return [];
  }
}
