import { Field, InputType, ObjectType } from 'type-graphql';
import { Account } from '../account/account.type.js';
import { Application } from '../application/application.type.js';

@InputType({ description: 'The query of GET /oauth/authorize (RFC 6749 4.1.1, RFC 7636), as the client sent it.' })
export class AuthorizationRequestInput {
  @Field(() => String, { nullable: true, description: 'Must be code.' })
  responseType?: string | null;

  @Field(() => String, { nullable: true, description: 'The application\'s OAuth client id.' })
  clientId?: string | null;

  @Field(() => String, { nullable: true, description: 'One of the redirect URIs the application registered.' })
  redirectUri?: string | null;

  @Field(() => String, { nullable: true, description: 'Space-separated; a subset of the application\'s scopes; default read.' })
  scope?: string | null;

  @Field(() => String, { nullable: true, description: 'Returned unchanged with the code.' })
  state?: string | null;

  @Field(() => String, { nullable: true, description: 'PKCE: base64url SHA-256 of the verifier.' })
  codeChallenge?: string | null;

  @Field(() => String, { nullable: true, description: 'PKCE: must be S256.' })
  codeChallengeMethod?: string | null;

  @Field(() => String, { nullable: true, description: 'query (default) or fragment.' })
  responseMode?: string | null;
}

@ObjectType({ description: 'What the authorize page shows: the application, the scopes asked for, and who is signed in.' })
export class AuthorizationPrompt {
  @Field(() => Application, { description: 'The application asking for access.' })
  application!: Application;

  @Field(() => [String], { description: 'The scopes the token will carry.' })
  scopes!: string[];

  @Field(() => Boolean, { description: 'Whether the code is shown to copy rather than sent to a redirect URI.' })
  outOfBand!: boolean;

  @Field(() => Account, { nullable: true, description: 'The signed-in user; null shows the sign-in form.' })
  signedInAs!: Account | null;

  @Field(() => String, { description: 'Token for the form shown (approve, or sign-in).' })
  formToken!: string;

  @Field(() => String, { nullable: true, description: 'Sign-in form only: the nonce its token is bound to, for a cookie.' })
  loginNonce!: string | null;
}

@InputType({ description: 'The sign-in form of the authorize page.' })
export class SignInInput {
  @Field(() => AuthorizationRequestInput, { description: 'The authorization request from the authorize page\'s URL.' })
  request!: AuthorizationRequestInput;

  @Field(() => String, { description: 'The account\'s e-mail address.' })
  email!: string;

  @Field(() => String, { description: 'The account\'s password.' })
  password!: string;

  @Field(() => String, { nullable: true, description: 'The nonce from the sign-in cookie.' })
  loginNonce?: string | null;

  @Field(() => String, { nullable: true, description: 'The form\'s token.' })
  formToken?: string | null;
}

@ObjectType({ description: 'A sign-in attempt: a session on success, otherwise the reason and a fresh form.' })
export class SignInResult {
  @Field(() => String, { nullable: true, description: 'Signed session for a cookie.' })
  session!: string | null;

  @Field(() => String, { nullable: true, description: 'Why the sign-in failed, for the user.' })
  failure!: string | null;

  @Field(() => AuthorizationPrompt, { description: 'The page to show next.' })
  prompt!: AuthorizationPrompt;
}

@InputType({ description: 'The approve or deny form of the authorize page.' })
export class DecideAuthorizationInput {
  @Field(() => AuthorizationRequestInput, { description: 'The authorization request from the authorize page\'s URL.' })
  request!: AuthorizationRequestInput;

  @Field(() => Boolean, { description: 'True to approve and issue a code, false to deny (access_denied).' })
  approve!: boolean;

  @Field(() => String, { nullable: true, description: 'The session cookie.' })
  session?: string | null;

  @Field(() => String, { nullable: true, description: 'The form\'s token.' })
  formToken?: string | null;
}

@ObjectType({ description: 'Where the browser goes after the approve or deny form.' })
export class AuthorizationDecision {
  @Field(() => String, {
    nullable: true,
    description: 'The redirect URI with code and state (or error=access_denied), or the page showing an out-of-band code. Null when retry is set.',
  })
  redirectTo!: string | null;

  @Field(() => Boolean, { description: 'The session expired or the form was stale: show the authorize page again.' })
  retry!: boolean;
}

@ObjectType({ description: 'What the authorization server supports (RFC 8414 metadata).' })
export class OAuthServerMetadata {
  @Field(() => [String], { description: 'Every scope a token may carry (scopes_supported).' })
  scopesSupported!: string[];

  @Field(() => [String], { description: 'Only code (response_types_supported).' })
  responseTypesSupported!: string[];

  @Field(() => [String], { description: 'query and fragment (response_modes_supported).' })
  responseModesSupported!: string[];

  @Field(() => [String], { description: 'Grants POST /oauth/token accepts (grant_types_supported).' })
  grantTypesSupported!: string[];

  @Field(() => [String], { description: 'client_secret_basic and client_secret_post (token_endpoint_auth_methods_supported).' })
  tokenEndpointAuthMethodsSupported!: string[];

  @Field(() => [String], { description: 'PKCE methods: only S256 (code_challenge_methods_supported).' })
  codeChallengeMethodsSupported!: string[];
}
