import { Field, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { OAuthToken } from '../account/account.type.js';
import { AuthorizationDecision, SignInResult } from './authorization.type.js';

// OAuth protocol errors (extensions.oauth) stay top-level errors: the REST
// layer answers them as RFC 6749 bodies (docs/graphql.md#mutations).

@ObjectType({ description: 'What createToken answers.' })
export class CreateTokenPayload extends MutationPayload {
  @Field(() => OAuthToken, { nullable: true, description: 'The issued token; null when there are errors.' })
  token!: OAuthToken | null;
}

@ObjectType({ description: 'What revokeToken answers.' })
export class RevokeTokenPayload extends MutationPayload {
  @Field(() => Boolean, { nullable: true, description: 'True once the token is revoked (also when it was unknown, as RFC 7009 asks); null when there are errors.' })
  revoked!: boolean | null;
}

@ObjectType({ description: 'What signIn answers.' })
export class SignInPayload extends MutationPayload {
  @Field(() => SignInResult, { nullable: true, description: 'The attempt: a session, or why it failed and a fresh form; null when there are errors.' })
  result!: SignInResult | null;
}

@ObjectType({ description: 'What decideAuthorization answers.' })
export class DecideAuthorizationPayload extends MutationPayload {
  @Field(() => AuthorizationDecision, { nullable: true, description: 'Where the browser goes next; null when there are errors.' })
  decision!: AuthorizationDecision | null;
}
