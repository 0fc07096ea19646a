import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { connectionType } from '../page/connection.type.js';
import { StatusTag } from '../status/status.type.js';

@ObjectType({ description: "One day of a hashtag's use (docs/api/hashtags.md#the-tag-entity)." })
export class HashtagDay {
  @Field(() => Date, { description: 'The start of the day (UTC).' })
  day!: Date;

  @Field(() => Int, { description: 'Public statuses (boosts aside) carrying the hashtag that day.' })
  uses!: number;

  @Field(() => Int, { description: 'Distinct accounts that posted them.' })
  accounts!: number;
}

@ObjectType({ description: "A hashtag featured on an account's profile, with the account's public uses of it." })
export class FeaturedTag {
  @Field(() => ID, { description: "The featured tag's id (what removeFeaturedTag takes)." })
  id!: string;

  @Field(() => String, { description: 'The hashtag as first written, without #.' })
  name!: string;

  @Field(() => String, { description: "The account's page of its statuses with this hashtag." })
  url!: string;

  @Field(() => Int, { description: "The account's public and unlisted statuses carrying the hashtag." })
  statusesCount!: number;

  @Field(() => Date, { nullable: true, description: 'When the newest of them was posted; null when there is none.' })
  lastStatusAt!: Date | null;

  @Field(() => StatusTag, { description: 'The hashtag itself.' })
  hashtag!: StatusTag;
}

export const HashtagConnection = connectionType(StatusTag, 'Hashtag', 'hashtags');
export type HashtagConnection = InstanceType<typeof HashtagConnection>;

@InputType({ description: 'A hashtag named in a mutation.' })
abstract class HashtagInput {
  @Field(() => String, { description: 'The hashtag, with or without #; any case. Letters, digits and _, not digits alone.' })
  name!: string;
}

@InputType({ description: 'The input of followHashtag.' })
export class FollowHashtagInput extends HashtagInput {}

@InputType({ description: 'The input of unfollowHashtag.' })
export class UnfollowHashtagInput extends HashtagInput {}

@InputType({ description: 'The input of featureHashtag.' })
export class FeatureHashtagInput extends HashtagInput {}

@InputType({ description: 'The input of unfeatureHashtag.' })
export class UnfeatureHashtagInput extends HashtagInput {}

@InputType({ description: 'The input of removeFeaturedTag.' })
export class RemoveFeaturedTagInput {
  @Field(() => ID, { description: "One of the caller's featured tags." })
  featuredTagId!: string;
}

@ObjectType({ description: 'A payload answering one hashtag.' })
abstract class HashtagPayload extends MutationPayload {
  @Field(() => StatusTag, { nullable: true, description: 'The hashtag as it is afterwards; null when there are errors.' })
  hashtag!: StatusTag | null;
}

@ObjectType({ description: 'What followHashtag answers.' })
export class FollowHashtagPayload extends HashtagPayload {}

@ObjectType({ description: 'What unfollowHashtag answers.' })
export class UnfollowHashtagPayload extends HashtagPayload {}

@ObjectType({ description: 'What featureHashtag answers.' })
export class FeatureHashtagPayload extends HashtagPayload {
  @Field(() => FeaturedTag, { nullable: true, description: 'The featured tag (new, or the one already there); null when there are errors.' })
  featuredTag!: FeaturedTag | null;
}

@ObjectType({ description: 'What unfeatureHashtag answers.' })
export class UnfeatureHashtagPayload extends HashtagPayload {}

@ObjectType({ description: 'What removeFeaturedTag answers.' })
export class RemoveFeaturedTagPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the removed featured tag; null when there are errors.' })
  deletedFeaturedTagId!: string | null;
}

@ObjectType({ description: 'A page of hashtags, newest first, with the cursors of its ends.' })
export class HashtagPage {
  @Field(() => [StatusTag], { description: 'The hashtags, newest follow first.' })
  items!: StatusTag[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as minId (or sinceId) for the previous page. Null when empty.' })
  prevMinId!: string | null;
}
