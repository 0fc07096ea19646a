import { Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import { Account } from '../account/account.type.js';
import { Filter } from './not-yet.type.js';

const FOLLOW_READ = ['follow', ...acceptedScopes('read:follows')];

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

  @Query(() => [Account], { description: 'Accounts asking to follow the caller (accounts cannot be locked yet, so none).', deprecationReason: 'Always empty: follow requests are not implemented.' })
  @Access({ scopes: FOLLOW_READ, user: true })
  followRequests(): Account[] {
    return [];
  }
}
