import { Arg, Mutation, Query, Resolver } from 'type-graphql';
import { ALL_SCOPES, payload } from '@social/federation';
import { DecideAuthorizationInput, AuthorizationPrompt, AuthorizationRequestInput, OAuthServerMetadata, SignInInput } from './authorization.type.js';
import { DecideAuthorizationPayload, SignInPayload } from './oauth.payload.js';
import type { AuthorizationService } from './authorization.service.js';
import { GRANT_TYPES } from './token.service.js';

/**
 * The authorize page's steps (GET and POST /oauth/authorize, the sign-in
 * form) and the server's OAuth metadata. They take no bearer token: the
 * browser's session travels in the input, signed by identity. Errors in the
 * request itself carry extensions.oauth.
 */
@Resolver()
export class AuthorizationResolver {
  constructor(private readonly service: AuthorizationService) {}

  @Query(() => AuthorizationPrompt, { description: 'Checks an authorization request and tells the page what to show.' })
  authorizationPrompt(
    @Arg('request', () => AuthorizationRequestInput, { description: 'The authorization request from the authorize page\'s URL.' }) request: AuthorizationRequestInput,
    @Arg('session', () => String, { nullable: true, description: 'The session cookie, if any.' }) session: string | null,
    @Arg('forceLogin', () => Boolean, { nullable: true, description: 'Show the sign-in form even when signed in.' }) forceLogin: boolean | null,
  ): Promise<AuthorizationPrompt> {
    return this.service.prompt(request, session, forceLogin ?? false);
  }

  @Mutation(() => SignInPayload, { description: 'Signs in on the authorize page with e-mail and password.' })
  signIn(@Arg('input', () => SignInInput, { description: 'The submitted sign-in form and the authorization request.' }) input: SignInInput): Promise<SignInPayload> {
    return payload(async () => ({ result: await this.service.signIn(input.request, input) }), { result: null });
  }

  @Mutation(() => DecideAuthorizationPayload, { description: 'Approves (issuing a code) or denies an authorization request.' })
  decideAuthorization(
    @Arg('input', () => DecideAuthorizationInput, { description: 'The submitted approve or deny form and the authorization request.' }) input: DecideAuthorizationInput,
  ): Promise<DecideAuthorizationPayload> {
    return payload(async () => ({ decision: await this.service.decide(input.request, input) }), { decision: null });
  }

  @Query(() => OAuthServerMetadata, { description: 'What /.well-known/oauth-authorization-server announces.' })
  oauthServerMetadata(): OAuthServerMetadata {
    return {
      scopesSupported: [...ALL_SCOPES],
      responseTypesSupported: ['code'],
      responseModesSupported: ['query', 'fragment'],
      grantTypesSupported: [...GRANT_TYPES],
      tokenEndpointAuthMethodsSupported: ['client_secret_basic', 'client_secret_post'],
      codeChallengeMethodsSupported: ['S256'],
    };
  }
}
