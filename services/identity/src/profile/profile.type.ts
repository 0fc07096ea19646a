import { Field, ID, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Account } from '../account/account.type.js';

@ObjectType({ description: 'What updateProfile answers.' })
export class UpdateProfilePayload extends MutationPayload {
  @Field(() => Account, { nullable: true, description: 'The viewer\'s account as changed, with its source; null when there are errors.' })
  account!: Account | null;
}

/** The fields both image removals answer; each mutation has its own payload type (docs/graphql.md#mutations). */
@ObjectType({ description: 'Not in the schema: what removing a profile image answers.' })
abstract class ProfileImageRemoval extends MutationPayload {
  @Field(() => Account, { nullable: true, description: 'The viewer\'s account, the default image back.' })
  account!: Account | null;

  @Field(() => ID, { nullable: true, description: 'The account whose image was removed.' })
  accountId!: string | null;
}

@ObjectType({ description: 'What deleteProfileAvatar answers; its errors are always empty (removing an avatar that is not set succeeds).' })
export class DeleteProfileAvatarPayload extends ProfileImageRemoval {}

@ObjectType({ description: 'What deleteProfileHeader answers; its errors are always empty (removing a header that is not set succeeds).' })
export class DeleteProfileHeaderPayload extends ProfileImageRemoval {}

export type DeleteProfileImagePayload = DeleteProfileAvatarPayload | DeleteProfileHeaderPayload;
