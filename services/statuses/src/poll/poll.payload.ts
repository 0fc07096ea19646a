import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Poll } from './poll.type.js';

@InputType({ description: 'The input of voteInPoll.' })
export class VoteInPollInput {
  @Field(() => ID, { description: 'The poll.' })
  pollId!: string;

  @Field(() => [Int], { description: 'Indexes of the chosen answers; one unless the poll is multiple.' })
  choices!: number[];
}

@ObjectType({ description: 'What voteInPoll answers.' })
export class VoteInPollPayload extends MutationPayload {
  @Field(() => Poll, { nullable: true, description: 'The poll with the vote counted; null when there are errors.' })
  poll!: Poll | null;
}
