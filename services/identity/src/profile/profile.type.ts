import { Field, ID, ObjectType } from 'type-graphql';
import { UserError } from '@social/federation';
import { Account } from '../account/account.type.js';

@ObjectType({ description: 'What updateProfile answers.' })
export class UpdateProfilePayload {
  @Field(() => Account, { nullable: true, description: 'The viewer\'s account as changed, with its source; null when there are errors.' })
  account!: Account | null;

  @Field(() => [UserError], { description: 'Problems with the input; when any, nothing changed.' })
  errors!: UserError[];
}

@ObjectType({ description: 'What deleteProfileAvatar and deleteProfileHeader answer.' })
export class DeleteProfileImagePayload {
  @Field(() => Account, { nullable: true, description: 'The viewer\'s account, the default image back.' })
  account!: Account | null;

  @Field(() => ID, { nullable: true, description: 'The account whose image was removed.' })
  accountId!: string | null;

  @Field(() => [UserError], { description: 'Empty: removing an image succeeds also when none is set, so no input can fail.' })
  errors!: UserError[];
}
