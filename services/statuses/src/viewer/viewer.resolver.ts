import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes, invalidTokenError, OptionalAccess } from '@social/federation';
import { Account } from '../account/account.type.js';
import { resolveAccountReference } from '../account/account.reference.js';
import type { StatusesContext } from '../context.js';
import { ConnectionArgs, StatusConnection } from '../page/connection.type.js';
import type { TimelineService } from '../timeline/timeline.service.js';
import { AccountStatusesFilterArgs, accountFilterOf } from '../timeline/account-filter.type.js';
import type { BookmarkService } from '../bookmark/bookmark.service.js';
import type { FavouriteService } from '../favourite/favourite.service.js';
import { Viewer } from './viewer.type.js';

@Resolver(() => Viewer)
class ViewerResolver {
  constructor(
    private readonly timelines: TimelineService,
    private readonly lists: ViewerStatusLists,
  ) {}

  @Query(() => Viewer, {
    nullable: true,
    description:
      'The signed-in user\'s own view (home timeline, ...); null without a token or with an app token. `viewer` (the account alone) stays as it is.',
  })
  me(@Ctx() ctx: StatusesContext): Viewer | null {
    if (ctx.principal.kind === 'invalid') throw invalidTokenError(ctx.principal);
    return ctx.principal.kind === 'user' && ctx.principal.accountId ? { accountId: ctx.principal.accountId } : null;
  }

  @FieldResolver(() => Account, { description: 'The signed-in account (the one `viewer` answers).' })
  account(@Root() viewer: Viewer, @Ctx() ctx: StatusesContext): Promise<Account> {
    return resolveAccountReference({ id: viewer.accountId }, ctx);
  }

  @FieldResolver(() => StatusConnection, {
    description:
      "The home timeline: the user's statuses and those of accounts they follow (boosts included), newest first, as a connection. The rows of `homeTimeline`. Scope read:statuses.",
  })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  homeTimeline(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<StatusConnection> {
    return this.timelines.homeConnection(args, ctx);
  }

  @FieldResolver(() => StatusConnection, {
    description: 'Statuses the user bookmarked, newest bookmark first, as a connection (the rows of `bookmarks`). Scope read:bookmarks.',
  })
  @Access({ scopes: acceptedScopes('read:bookmarks'), user: true })
  bookmarks(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<StatusConnection> {
    return this.lists.bookmarks.bookmarkConnection(args, ctx);
  }

  @FieldResolver(() => StatusConnection, {
    description: 'Statuses the user favourited, newest favourite first, as a connection (the rows of `favourites`). Scope read:favourites.',
  })
  @Access({ scopes: acceptedScopes('read:favourites'), user: true })
  favourites(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<StatusConnection> {
    return this.lists.favourites.favouriteConnection(args, ctx);
  }
}

@Resolver(() => Account)
class AccountStatusesResolver {
  constructor(private readonly timelines: TimelineService) {}

  @FieldResolver(() => StatusConnection, {
    description:
      'Its statuses the caller may see (boosts and replies included unless filtered out), newest first, as a connection; a profile\'s tabs are its filters. Public; a token needs read:statuses.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  statuses(
    @Root() account: Account,
    @Args(() => AccountStatusesFilterArgs) filter: AccountStatusesFilterArgs,
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<StatusConnection> {
    return this.timelines.accountConnection(account.id, accountFilterOf(filter), args, ctx);
  }
}

/** The user's own status lists kept by other services (each domain adds its own Viewer fields too: notifications, lists...). */
interface ViewerStatusLists {
  bookmarks: BookmarkService;
  favourites: FavouriteService;
}

export function viewerResolvers(timelines: TimelineService, lists: ViewerStatusLists): object[] {
  return [new ViewerResolver(timelines, lists), new AccountStatusesResolver(timelines)];
}
