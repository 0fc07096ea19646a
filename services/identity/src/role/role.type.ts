import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: "A user's staff role (Mastodon's Role): a named set of permissions (docs/api/moderation.md#roles)." })
export class Role {
  @Field(() => ID, { description: 'The role; `-99` is the everyone role, which users without a staff role have.' })
  id!: string;

  @Field(() => String, { description: 'Owner, Admin, Moderator...; empty for the everyone role.' })
  name!: string;

  @Field(() => String, { description: 'CSS colour (#rrggbb), or empty.' })
  color!: string;

  @Field(() => String, { description: 'The permission bits, as a decimal string (docs/api/moderation.md#roles).' })
  permissions!: string;

  @Field(() => Boolean, { description: "Whether the role is shown on the user's profile." })
  highlighted!: boolean;
}
