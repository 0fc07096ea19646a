import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { MarkerService } from './marker.service.js';
import { Marker, MarkerPositionInput, MarkerTimeline } from './marker.type.js';

@Resolver(() => Marker)
export class MarkerResolver {
  constructor(private readonly service: MarkerService) {}

  @Query(() => [Marker], { description: "The caller's reading positions for these timelines (home, notifications); unsaved ones are absent." })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  markers(@Arg('timelines', () => [MarkerTimeline], { description: 'Which markers.' }) timelines: MarkerTimeline[], @Ctx() ctx: StatusesContext): Promise<Marker[]> {
    return this.service.list(timelines, ctx);
  }

  @Mutation(() => [Marker], { description: 'Saves reading positions; each change adds one to its version. Answers the markers saved.' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  saveMarkers(
    @Arg('home', () => MarkerPositionInput, { nullable: true, description: 'The new position in the home timeline; absent leaves it.' }) home: MarkerPositionInput | null,
    @Arg('notifications', () => MarkerPositionInput, { nullable: true, description: 'The new position in the notifications; absent leaves it.' }) notifications: MarkerPositionInput | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<Marker[]> {
    return this.service.save({ home, notifications }, ctx);
  }
}
