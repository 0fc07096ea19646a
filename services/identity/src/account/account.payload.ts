import { Field, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { OAuthToken } from './account.type.js';

@ObjectType({ description: 'What registerAccount answers: a token for the new account, or the problems with the sign-up (one per field, with its detail code).' })
export class RegisterAccountPayload extends MutationPayload {
  @Field(() => OAuthToken, { nullable: true, description: 'A token for the new account; null when there are errors.' })
  token!: OAuthToken | null;
}
