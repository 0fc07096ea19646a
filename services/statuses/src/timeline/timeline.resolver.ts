import { Arg, Args, Ctx, ID, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { PageArgs, StatusPage } from '../page/page.type.js';
import { AccountStatusesFilterArgs, accountFilterOf } from './account-filter.type.js';
import { PublicFilterArgs, publicFilterOf } from './public-filter.type.js';
import type { TimelineService } from './timeline.service.js';

@Resolver()
export class TimelineResolver {
  constructor(private readonly service: TimelineService) {}

  @Query(() => StatusPage, {
    description: "The caller's home timeline: their statuses and those of accounts they follow (boosts included), newest first.",
    deprecationReason: 'Use me.homeTimeline (a connection).',
  })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  async homeTimeline(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<StatusPage> {
    return this.service.home(page, ctx);
  }

  @Query(() => StatusPage, { description: 'Public statuses, without boosts or replies to others, newest first. Public.', deprecationReason: 'Use publicStatuses (a connection).' })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  async publicTimeline(@Args(() => PublicFilterArgs) filter: PublicFilterArgs, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<StatusPage> {
    return this.service.public(publicFilterOf(filter), page, ctx);
  }

  @Query(() => StatusPage, {
    description: 'Public statuses with a hashtag, newest first; an unknown hashtag gives an empty page. Public.',
    deprecationReason: 'Use hashtag(name).statuses (a connection).',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  async tagTimeline(
    @Arg('hashtag', () => String, { description: 'The hashtag, without #; any case.' }) hashtag: string,
    @Args(() => PublicFilterArgs) filter: PublicFilterArgs,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<StatusPage> {
    return this.service.tag(hashtag, publicFilterOf(filter), page, ctx);
  }

  @Query(() => StatusPage, {
    description: "An account's statuses the caller may see (boosts included), newest first. Public.",
    deprecationReason: 'Use Account.statuses (a connection with the same filters).',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  async accountStatuses(
    @Arg('accountId', () => ID, { description: 'The account.' }) accountId: string,
    @Args(() => AccountStatusesFilterArgs) filter: AccountStatusesFilterArgs,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<StatusPage> {
    return this.service.account(accountId, accountFilterOf(filter), page, ctx);
  }
}
