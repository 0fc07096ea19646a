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

@InputType({ description: 'The input of authorizeFollowRequest.' })
export class AuthorizeFollowRequestInput {
  @Field(() => ID, { description: 'The account whose request to follow the viewer is accepted.' })
  accountId!: string;
}

@ObjectType({ description: 'What authorizeFollowRequest answers.' })
export class AuthorizeFollowRequestPayload extends MutationPayload {
  @Field(() => Relationship, { nullable: true, description: 'The caller\'s relationship with the account afterwards; null when there are errors.' })
  relationship!: Relationship | null;
}

@InputType({ description: 'The input of rejectFollowRequest.' })
export class RejectFollowRequestInput {
  @Field(() => ID, { description: 'The account whose request to follow the viewer is declined.' })
  accountId!: string;
}

@ObjectType({ description: 'What rejectFollowRequest answers.' })
export class RejectFollowRequestPayload extends MutationPayload {
  @Field(() => Relationship, { nullable: true, description: 'The caller\'s relationship with the account afterwards; null when there are errors.' })
  relationship!: Relationship | null;
}

@InputType({ description: 'The input of removeFromFollowers.' })
export class RemoveFromFollowersInput {
  @Field(() => ID, { description: 'The follower to remove.' })
  accountId!: string;
}

@ObjectType({ description: 'What removeFromFollowers answers.' })
export class RemoveFromFollowersPayload extends MutationPayload {
  @Field(() => Relationship, { nullable: true, description: 'The caller\'s relationship with the account afterwards; null when there are errors.' })
  relationship!: Relationship | null;
}
