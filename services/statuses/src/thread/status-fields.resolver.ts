import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { FavouriteService } from '../favourite/favourite.service.js';
import { AccountConnection, ConnectionArgs } from '../page/connection.type.js';
import type { ReblogService } from '../reblog/reblog.service.js';
import { Status } from '../status/status.type.js';
import type { ThreadService } from './thread.service.js';
import { StatusContext } from './thread.type.js';

/**
 * A status's thread and who interacted with it, nested under the status:
 * each calls the service of the root query it mirrors (`statusContext`,
 * `statusFavouritedBy`, `statusRebloggedBy`), so the rules are the same.
 */
@Resolver(() => Status)
export class StatusFieldsResolver {
  constructor(
    private readonly threads: ThreadService,
    private readonly favourites: FavouriteService,
    private readonly reblogs: ReblogService,
  ) {}

  @FieldResolver(() => StatusContext, {
    description:
      'Its thread: the statuses above and below it the caller may see (the answer of `statusContext`). Public; anonymous callers get at most 40 ancestors, 60 descendants, 20 levels.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  context(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<StatusContext> {
    return this.threads.context(status.id, ctx);
  }

  @FieldResolver(() => AccountConnection, { description: 'Accounts that favourited it, newest first, as a connection (the rows of `statusFavouritedBy`). Public.' })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  favouritedBy(@Root() status: Status, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.favourites.favouritedByConnection(status.id, args, ctx);
  }

  @FieldResolver(() => AccountConnection, { description: 'Accounts that boosted it publicly, newest first, as a connection (the rows of `statusRebloggedBy`). Public.' })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  rebloggedBy(@Root() status: Status, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.reblogs.rebloggedByConnection(status.id, args, ctx);
  }
}
