import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'An announcement by the server administrators.' })
export class Announcement {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'HTML.' })
  content!: string;

  @Field(() => Date, { nullable: true })
  startsAt!: Date | null;

  @Field(() => Date, { nullable: true })
  endsAt!: Date | null;

  @Field(() => Boolean)
  allDay!: boolean;

  @Field(() => Date)
  publishedAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Boolean, { description: 'Whether the caller has dismissed it.' })
  read!: boolean;
}
