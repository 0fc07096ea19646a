import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { Status, StatusTag } from '../status/status.type.js';
import type { TrendsService } from './trends.service.js';
import { TrendArgs, TrendingLink } from './trends.type.js';

/** What is trending on this server (docs/api/trends.md): ranked lists paged by offset, as search's are. */
@Resolver()
export class TrendsResolver {
  constructor(private readonly service: TrendsService) {}

  @Query(() => [StatusTag], {
    description: 'Hashtags used lately by at least 2 accounts, highest score first (GET /api/v1/trends/tags); limit default 10, at most 20. Public.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  trendingTags(@Args(() => TrendArgs) args: TrendArgs): Promise<StatusTag[]> {
    return this.service.tags(args);
  }

  @Query(() => [Status], {
    description:
      'Public statuses of the last 2 days favourited or boosted by at least 2 accounts, by discoverable authors, highest score first, ' +
      "the caller's blocks and mutes left out (GET /api/v1/trends/statuses); limit default 20, at most 40. Public.",
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  trendingStatuses(@Args(() => TrendArgs) args: TrendArgs, @Ctx() ctx: StatusesContext): Promise<Status[]> {
    return this.service.statusList(args, ctx);
  }

  @Query(() => [TrendingLink], {
    description: 'Links shared lately by at least 2 accounts, highest score first, with their history (GET /api/v1/trends/links); limit default 10, at most 20. Public.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  trendingLinks(@Args(() => TrendArgs) args: TrendArgs): Promise<TrendingLink[]> {
    return this.service.links(args);
  }
}
