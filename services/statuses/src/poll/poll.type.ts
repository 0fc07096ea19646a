import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Node } from '../node/node.type.js';

@ObjectType({ description: 'One answer of a poll.' })
export class PollOption {
  @Field(() => String, { description: 'The answer.' })
  title!: string;

  @Field(() => Int, { nullable: true, description: 'Votes for it; null while totals are hidden (hide_totals, not expired).' })
  votesCount!: number | null;
}

@ObjectType({ description: 'A poll attached to a status.', implements: Node })
export class Poll {
  @Field(() => ID, { description: 'The poll.' })
  id!: string;

  @Field(() => Date, { nullable: true, description: 'When voting ends.' })
  expiresAt!: Date | null;

  @Field(() => Boolean, { description: 'Whether voting has ended.' })
  expired!: boolean;

  @Field(() => Boolean, { description: 'Whether a voter may choose several answers.' })
  multiple!: boolean;

  @Field(() => Int, { description: 'Votes cast (one per chosen answer).' })
  votesCount!: number;

  @Field(() => Int, { nullable: true, description: 'Accounts that voted.' })
  votersCount!: number | null;

  @Field(() => [PollOption], { description: 'The answers, in order.' })
  options!: PollOption[];

  @Field(() => Boolean, { nullable: true, description: 'Whether the viewer voted; null without a user.' })
  voted!: boolean | null;

  @Field(() => [Int], { nullable: true, description: "Indexes of the viewer's choices; null without a user." })
  ownVotes!: number[] | null;
}

@InputType({ description: 'A poll to attach to a new status (poll[...] parameters).' })
export class PollInput {
  @Field(() => [String], { nullable: true, description: '2 to 4 answers, 50 characters each, no duplicates.' })
  options?: string[] | null;

  @Field(() => Int, { nullable: true, description: 'Seconds until voting ends: 300 to 2629746.' })
  expiresIn?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Allow several choices. Default false.' })
  multiple?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Hide the per-answer counts until the poll ends. Default false.' })
  hideTotals?: boolean | null;
}
