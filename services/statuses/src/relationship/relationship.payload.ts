import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Relationship } from './relationship.type.js';

@ObjectType({ description: 'What followAccount answers.' })
export class FollowAccountPayload extends MutationPayload {
  @Field(() => Relationship, { nullable: true, description: 'The caller\'s relationship with the account afterwards; null when there are errors.' })
  relationship!: Relationship | null;
}

@InputType({ description: 'The input of unfollowAccount.' })
export class UnfollowAccountInput {
  @Field(() => ID, { description: 'The account to unfollow.' })
  accountId!: string;
}

@ObjectType({ description: 'What unfollowAccount answers.' })
export class UnfollowAccountPayload extends MutationPayload {
  @Field(() => Relationship, { nullable: true, description: 'The caller\'s relationship with the account afterwards; null when there are errors.' })
  relationship!: Relationship | null;
}
