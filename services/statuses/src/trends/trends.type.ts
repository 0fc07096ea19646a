import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
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
