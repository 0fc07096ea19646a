import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A keyword filter (Mastodon 4 FilterV2). None can be created yet.' })
export class Filter {
  @Field(() => ID, { description: 'The filter.' })
  id!: string;

  @Field(() => String, { description: 'Its name.' })
  title!: string;

  @Field(() => [String], { description: 'Where it applies: home, notifications, public, thread, account.' })
  context!: string[];

  @Field(() => Date, { nullable: true, description: 'When it stops applying; null for never.' })
  expiresAt!: Date | null;

  @Field(() => String, { description: 'warn, hide or blur.' })
  filterAction!: string;
}
