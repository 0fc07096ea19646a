import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

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
