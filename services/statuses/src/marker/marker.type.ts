import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';

@ObjectType({ description: 'Where the user stopped reading a timeline, shared between their clients.' })
export class Marker {
  @Field(() => String, { description: 'home or notifications.' })
  timeline!: string;

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
