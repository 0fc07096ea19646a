import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: "The user's preferences that clients apply (Mastodon's /api/v1/preferences)." })
export class Preferences {
  @Field(() => String, { description: 'Default visibility of new posts: public, unlisted, private or direct.' })
  postingDefaultVisibility!: string;

  @Field(() => Boolean, { description: 'Whether new posts are marked sensitive by default.' })
  postingDefaultSensitive!: boolean;

  @Field(() => String, { nullable: true, description: 'Default language of new posts (ISO 639-1), or null.' })
  postingDefaultLanguage!: string | null;

  @Field(() => String, { description: 'How sensitive media is shown: default, show_all or hide_all.' })
  readingExpandMedia!: string;

  @Field(() => Boolean, { description: 'Whether content warnings are expanded.' })
  readingExpandSpoilers!: boolean;
}
