import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { hashtagQuery, isHashtagName } from '@social/content';
import { acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { ConnectionArgs, StatusConnection } from '../page/connection.type.js';
import type { StatusService } from '../status/status.service.js';
import { StatusTag } from '../status/status.type.js';
import { PublicFilterArgs, publicFilterOf } from './public-filter.type.js';
import type { TimelineService } from './timeline.service.js';

/**
 * The public and hashtag timelines as connections. A hashtag is the schema's
 * StatusTag (the type Status.tags answers), so a client goes from a status's
 * tag to its timeline without a second type for the same thing.
 */
@Resolver(() => StatusTag)
export class TimelineConnectionResolver {
  constructor(
    private readonly timelines: TimelineService,
    private readonly statusService: StatusService,
  ) {}

  @Query(() => StatusConnection, {
    description: 'Public statuses, without boosts or replies to others, newest first, as a connection: the rows of `publicTimeline`. Public.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  publicStatuses(@Args(() => PublicFilterArgs) filter: PublicFilterArgs, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<StatusConnection> {
    return this.timelines.publicConnection(publicFilterOf(filter), args, ctx);
  }

  @Query(() => StatusTag, {
    nullable: true,
    description: 'A hashtag, by name (with or without #, any case), for its `statuses`; null for a name no hashtag can have. Public.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  hashtag(@Arg('name', () => String, { description: 'The hashtag, with or without #; any case.' }) name: string): StatusTag | null {
    const written = name.replace(/^#/, '');
    const lookup = hashtagQuery(written);
    // Only names a status could carry (docs/api/hashtags.md#names): letters, digits and _, not digits alone.
    return lookup === null || !isHashtagName(written) ? null : this.statusService.tagOf(lookup);
  }

  @FieldResolver(() => StatusConnection, {
    description: 'Public statuses with this hashtag, newest first, as a connection: the rows of `tagTimeline`. Public; a token needs read:statuses.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  statuses(
    @Root() tag: StatusTag,
    @Args(() => PublicFilterArgs) filter: PublicFilterArgs,
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<StatusConnection> {
    return this.timelines.tagConnection(tag.name, publicFilterOf(filter), args, ctx);
  }
}
