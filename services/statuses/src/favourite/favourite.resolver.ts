import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountPage, PageArgs, StatusPage } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import type { FavouriteService } from './favourite.service.js';

@Resolver()
export class FavouriteResolver {
  constructor(
    private readonly service: FavouriteService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => Status, { description: 'Favourites a visible status (a boost: the boosted status). Idempotent.' })
  @Access({ scopes: acceptedScopes('write:favourites'), user: true })
  async favouriteStatus(@Arg('id', () => ID, { description: 'The status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.favourite(id, ctx), ctx);
  }

  @Mutation(() => Status, { description: 'Removes the caller\'s favourite; succeeds also when there was none.' })
  @Access({ scopes: acceptedScopes('write:favourites'), user: true })
  async unfavouriteStatus(@Arg('id', () => ID, { description: 'The status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.unfavourite(id, ctx), ctx);
  }

  @Query(() => AccountPage, {
    description: 'Accounts that favourited a visible status, newest first; cursors are favourite ids. Public.',
    deprecationReason: 'Use Status.favouritedBy (a connection).',
  })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  async statusFavouritedBy(
    @Arg('id', () => ID, { description: 'The status.' }) id: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<AccountPage> {
    return this.service.favouritedBy(id, page, ctx);
  }

  @Query(() => StatusPage, { description: 'The caller\'s favourited statuses, newest favourite first; cursors are favourite ids.', deprecationReason: 'Use me.favourites (a connection).' })
  @Access({ scopes: acceptedScopes('read:favourites'), user: true })
  async favourites(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<StatusPage> {
    return this.service.favourites(page, ctx);
  }
}
