import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountPage, PageArgs } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { Status, StatusVisibility } from '../status/status.type.js';
import type { ReblogService } from './reblog.service.js';

@Resolver()
export class ReblogResolver {
  constructor(
    private readonly service: ReblogService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => Status, {
    description: 'Boosts a visible status (a boost: the status it boosts) and returns the boost, whose reblog is the original. Idempotent.',
  })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  async reblogStatus(
    @Arg('id', () => ID, { description: 'The status.' }) id: string,
    @Arg('visibility', () => StatusVisibility, {
      nullable: true,
      description: 'PUBLIC (default), UNLISTED or PRIVATE; DIRECT is refused. A private original keeps its own.',
    })
    visibility: StatusVisibility | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<Status> {
    return this.statuses.toStatus(await this.service.reblog(id, visibility ?? null, ctx), ctx);
  }

  @Mutation(() => Status, { description: 'Removes the caller\'s boost of a status and returns the status; NOT_FOUND when there is no boost.' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  async unreblogStatus(@Arg('id', () => ID, { description: 'The boosted status (not the boost).' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.unreblog(id, ctx), ctx);
  }

  @Query(() => AccountPage, {
    description: 'Accounts that boosted a visible status publicly, newest first; cursors are boost ids. Public.',
    deprecationReason: 'Use Status.rebloggedBy (a connection).',
  })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  async statusRebloggedBy(
    @Arg('id', () => ID, { description: 'The status.' }) id: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<AccountPage> {
    return this.service.rebloggedBy(id, page, ctx);
  }
}
