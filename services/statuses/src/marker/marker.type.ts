import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MutationPayload } from '@social/federation';

/** The timelines a marker can be saved for (Mastodon's Marker::TIMELINES); the values are their stored names. */
export enum MarkerTimeline {
  HOME = 'home',
  NOTIFICATIONS = 'notifications',
}

registerEnumType(MarkerTimeline, {
  name: 'MarkerTimeline',
  description: 'A timeline whose reading position is kept.',
  valuesConfig: {
    HOME: { description: 'The home timeline (the marker holds a status id).' },
    NOTIFICATIONS: { description: 'The notifications (the marker holds a notification id).' },
  },
});

@ObjectType({ description: 'Where the user stopped reading a timeline, shared between their clients.' })
export class Marker {
  @Field(() => MarkerTimeline, { description: 'Which timeline.' })
  timeline!: MarkerTimeline;

  @Field(() => ID, { description: 'The id of the last status (home) or notification read.' })
  lastReadId!: string;

  @Field(() => Int, { description: 'Grows by one each time the position changes.' })
  version!: number;

  @Field(() => Date, { description: 'When the position last changed.' })
  updatedAt!: Date;
}

@InputType({ description: 'A new reading position.' })
export class MarkerPositionInput {
  @Field(() => String, { nullable: true, description: 'The id of the last item read; required.' })
  lastReadId?: string | null;
}

@InputType({ description: 'The input of saveMarkers: the positions to save.' })
export class SaveMarkersInput {
  @Field(() => MarkerPositionInput, { nullable: true, description: 'The new position in the home timeline; absent leaves it.' })
  home?: MarkerPositionInput | null;

  @Field(() => MarkerPositionInput, { nullable: true, description: 'The new position in the notifications; absent leaves it.' })
  notifications?: MarkerPositionInput | null;
}

@ObjectType({ description: 'What saveMarkers answers.' })
export class SaveMarkersPayload extends MutationPayload {
  @Field(() => [Marker], { nullable: true, description: 'The markers saved; null when there are errors.' })
  markers!: Marker[] | null;
}
