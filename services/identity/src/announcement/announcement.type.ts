import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'An announcement by the server administrators.' })
export class Announcement {
  @Field(() => ID, { description: 'The announcement.' })
  id!: string;

  @Field(() => String, { description: 'HTML.' })
  content!: string;

  @Field(() => Date, { nullable: true, description: 'When the announced event starts; null when it is not an event.' })
  startsAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the announced event ends; null when it is not an event.' })
  endsAt!: Date | null;

  @Field(() => Boolean, { description: 'Whether the event lasts whole days (the times are then dates).' })
  allDay!: boolean;

  @Field(() => Date, { description: 'When it was published.' })
  publishedAt!: Date;

  @Field(() => Date, { description: 'When it was last changed.' })
  updatedAt!: Date;

  @Field(() => Boolean, { description: 'Whether the caller has dismissed it.' })
  read!: boolean;
}
