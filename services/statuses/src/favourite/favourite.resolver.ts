import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountPage, PageArgs, StatusPage } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { statusActionTypes, statusPayload, type StatusPayload } from '../status/status-action.payload.js';
import type { FavouriteService } from './favourite.service.js';

const FavouriteStatus = statusActionTypes('FavouriteStatus', 'The status (a boost: the boosted status).', 'The status, favourited');
const UnfavouriteStatus = statusActionTypes('UnfavouriteStatus', 'The status.', 'The status, not favourited');

@Resolver()
export class FavouriteResolver {
  constructor(
    private readonly service: FavouriteService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => FavouriteStatus.Payload, { description: 'Favourites a visible status (a boost: the boosted status). Idempotent.' })
  @Access({ scopes: acceptedScopes('write:favourites'), user: true })
  favouriteStatus(@Arg('input', () => FavouriteStatus.Input, { description: 'The status.' }) input: InstanceType<typeof FavouriteStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.favourite(input.statusId, ctx), this.statuses, ctx);
  }

  @Mutation(() => UnfavouriteStatus.Payload, { description: 'Removes the caller\'s favourite; succeeds also when there was none.' })
  @Access({ scopes: acceptedScopes('write:favourites'), user: true })
  unfavouriteStatus(@Arg('input', () => UnfavouriteStatus.Input, { description: 'The status.' }) input: InstanceType<typeof UnfavouriteStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.unfavourite(input.statusId, ctx), this.statuses, ctx);
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
