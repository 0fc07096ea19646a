import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Status, StatusTag } from '../status/status.type.js';
import { PreviewCard } from '../card/card.type.js';

@ArgsType()
export class TrendArgs {
  @Field(() => Int, { nullable: true, description: 'How many to answer: trendingTags and trendingLinks 10 by default, at most 20; trendingStatuses 20, at most 40.' })
  limit?: number | null;

  @Field(() => Int, { nullable: true, description: 'How many of the highest ranked to skip (0 by default).' })
  offset?: number | null;
}

@ObjectType({ description: "One day of a link's shares (docs/api/trends.md#history)." })
export class LinkDay {
  @Field(() => Date, { description: 'The start of the day (UTC).' })
  day!: Date;

  @Field(() => Int, { description: 'Public statuses (boosts aside) that shared the link that day.' })
  uses!: number;

  @Field(() => Int, { description: 'Distinct accounts that posted them.' })
  accounts!: number;
}

@ObjectType({ description: "A link shared by many accounts lately: its preview card and its shares over 7 days (Mastodon's Trends::Link)." })
export class TrendingLink {
  @Field(() => PreviewCard, { description: 'The preview card of the linked page.' })
  card!: PreviewCard;

  @Field(() => [LinkDay], { description: 'Its shares on each of the last 7 days, today (UTC) first.' })
  history!: LinkDay[];
}

@ObjectType({ description: "A trending hashtag as moderators review it (Mastodon's Admin::Tag)." })
export class AdminTrendingTag {
  @Field(() => ID, { description: 'The hashtag.' })
  id!: string;

  @Field(() => StatusTag, { description: 'The hashtag as everyone sees it, with its history.' })
  tag!: StatusTag;

  @Field({ description: 'Whether it may be shown in public trends: approved, or not reviewed where reviews are not required.' })
  trendable!: boolean;

  @Field({ description: 'Whether no moderator has reviewed it yet.' })
  requiresReview!: boolean;
}

@ObjectType({ description: 'A trending status as moderators review it.' })
export class AdminTrendingStatus {
  @Field(() => Status, { description: 'The status.' })
  status!: Status;

  @Field({ description: 'Whether it may be shown in public trends: approved, or not reviewed where reviews are not required.' })
  trendable!: boolean;

  @Field({ description: 'Whether no moderator has reviewed it yet.' })
  requiresReview!: boolean;
}

@ObjectType({ description: "A trending link as moderators review it (Mastodon's Admin::Trends::Link)." })
export class AdminTrendingLink {
  @Field(() => ID, { description: 'The preview card.' })
  id!: string;

  @Field(() => TrendingLink, { description: 'The link as everyone sees it, with its history.' })
  link!: TrendingLink;

  @Field({ description: 'Whether it may be shown in public trends: approved, or not reviewed where reviews are not required.' })
  trendable!: boolean;

  @Field({ description: 'Whether no moderator has reviewed it yet.' })
  requiresReview!: boolean;
}

/** approve/reject of one kind of trend: its input and payload types (docs/graphql.md#mutations). */
function reviewAction<T>(name: string, idField: string, item: () => new () => T, field: string, what: string) {
  @InputType(`${name}Input`, { description: `The ${what} to review.` })
  class Input {
    @Field(() => ID, { description: `The ${what}.` })
    [idField]!: string;
  }
  @ObjectType(`${name}Payload`, { description: `What ${name.charAt(0).toLowerCase()}${name.slice(1)} answers.` })
  class Payload extends MutationPayload {
    @Field(item, { nullable: true, description: `The ${what} after the review; null when there are errors.` })
    [field]!: T | null;
  }
  return { Input, Payload, idField };
}

export const ApproveTrendingTag = reviewAction('ApproveTrendingTag', 'tagId', () => AdminTrendingTag, 'trendingTag', 'hashtag');
export const RejectTrendingTag = reviewAction('RejectTrendingTag', 'tagId', () => AdminTrendingTag, 'trendingTag', 'hashtag');
export const ApproveTrendingStatus = reviewAction('ApproveTrendingStatus', 'statusId', () => AdminTrendingStatus, 'trendingStatus', 'status');
export const RejectTrendingStatus = reviewAction('RejectTrendingStatus', 'statusId', () => AdminTrendingStatus, 'trendingStatus', 'status');
export const ApproveTrendingLink = reviewAction('ApproveTrendingLink', 'linkId', () => AdminTrendingLink, 'trendingLink', 'link (its preview card)');
export const RejectTrendingLink = reviewAction('RejectTrendingLink', 'linkId', () => AdminTrendingLink, 'trendingLink', 'link (its preview card)');
