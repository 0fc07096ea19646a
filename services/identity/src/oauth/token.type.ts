import { Field, InputType } from 'type-graphql';

@InputType({ description: 'A token request (RFC 6749 section 4), as sent to POST /oauth/token.' })
export class CreateTokenInput {
  @Field(() => String, { description: 'client_credentials, password or authorization_code.' })
  grantType!: string;

  @Field(() => String, { nullable: true, description: 'The application\'s client id; required (from the body or HTTP Basic).' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'The application\'s client secret; required (from the body or HTTP Basic).' })
  clientSecret?: string | null;

  @Field(() => String, { nullable: true, description: 'Authorization code grant: required, the one the code was issued for. Other grants: if given, one the application registered.' })
  redirectUri?: string | null;

  @Field(() => String, { nullable: true, description: 'Space-separated; a subset of the app\'s scopes; default read.' })
  scope?: string | null;

  @Field(() => String, { nullable: true, description: 'Password grant: the e-mail address.' })
  username?: string | null;

  @Field(() => String, { nullable: true, description: 'Password grant.' })
  password?: string | null;

  @Field(() => String, { nullable: true, description: 'Authorization code grant.' })
  code?: string | null;

  @Field(() => String, { nullable: true, description: 'PKCE verifier for the code.' })
  codeVerifier?: string | null;
}

@InputType({ description: 'Token revocation (RFC 7009).' })
export class RevokeTokenInput {
  @Field(() => String, { nullable: true, description: 'The client id of the application the token was issued to; required.' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'That application\'s client secret; required.' })
  clientSecret?: string | null;

  @Field(() => String, { description: 'The access token to revoke.' })
  token!: string;
}
