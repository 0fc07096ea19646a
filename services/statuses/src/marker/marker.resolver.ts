import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { MarkerService } from './marker.service.js';
import { Marker, MarkerTimeline, SaveMarkersInput, SaveMarkersPayload } from './marker.type.js';

@Resolver(() => Marker)
export class MarkerResolver {
  constructor(private readonly service: MarkerService) {}

  @Query(() => [Marker], { description: "The caller's reading positions for these timelines (home, notifications); unsaved ones are absent." })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  markers(@Arg('timelines', () => [MarkerTimeline], { description: 'Which markers.' }) timelines: MarkerTimeline[], @Ctx() ctx: StatusesContext): Promise<Marker[]> {
    return this.service.list(timelines, ctx);
  }

  @Mutation(() => SaveMarkersPayload, { description: 'Saves reading positions; each change adds one to its version. Answers the markers saved.' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  saveMarkers(@Arg('input', () => SaveMarkersInput, { description: 'The new positions.' }) input: SaveMarkersInput, @Ctx() ctx: StatusesContext): Promise<SaveMarkersPayload> {
    return payload(async () => ({ markers: await this.service.save({ home: input.home ?? null, notifications: input.notifications ?? null }, ctx) }), { markers: null });
  }
}
