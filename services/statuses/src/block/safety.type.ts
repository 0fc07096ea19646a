import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '@social/federation';
import { Relationship } from '../relationship/relationship.type.js';

@InputType({ description: 'The account to block.' })
export class BlockAccountInput {
  @Field(() => ID, { description: 'The account to block.' })
  accountId!: string;
}

@InputType({ description: 'The account to unblock.' })
export class UnblockAccountInput {
  @Field(() => ID, { description: 'The account to unblock.' })
  accountId!: string;
}

@InputType({ description: 'The account to mute, and how.' })
export class MuteAccountInput {
  @Field(() => ID, { description: 'The account to mute.' })
  accountId!: string;

  @Field(() => Boolean, { nullable: true, description: 'Also hide notifications from the account (default true).' })
  notifications?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Seconds until the mute lapses; 0 or absent: until unmuted.' })
  duration?: number | null;
}

@InputType({ description: 'The account to unmute.' })
export class UnmuteAccountInput {
  @Field(() => ID, { description: 'The account to unmute.' })
  accountId!: string;
}

/** The four payloads have one shape: the relationship after the change. */
function relationshipPayload(name: string) {
  @ObjectType(`${name}Payload`, { description: `What ${name.charAt(0).toLowerCase()}${name.slice(1)} answers.` })
  class RelationshipPayload {
    @Field(() => Relationship, { nullable: true, description: 'The viewer\'s relationship with the account after the change; null when there are errors.' })
    relationship!: Relationship | null;

    @Field(() => [UserError], { description: 'Problems with the input; when any, nothing changed.' })
    errors!: UserError[];
  }
  return RelationshipPayload;
}

export const BlockAccountPayload = relationshipPayload('BlockAccount');
export type BlockAccountPayload = InstanceType<typeof BlockAccountPayload>;
export const UnblockAccountPayload = relationshipPayload('UnblockAccount');
export const MuteAccountPayload = relationshipPayload('MuteAccount');
export const UnmuteAccountPayload = relationshipPayload('UnmuteAccount');
