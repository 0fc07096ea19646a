import { Arg, Mutation, Resolver } from 'type-graphql';
import { OAuthToken } from '../account/account.type.js';
import { CreateTokenInput, RevokeTokenInput } from './token.type.js';
import type { TokenService } from './token.service.js';

/** The OAuth token endpoint as GraphQL: clients authenticate with their credentials in the input. */
@Resolver()
export class TokenResolver {
  constructor(private readonly service: TokenService) {}

  @Mutation(() => OAuthToken, { description: 'Obtains a token (POST /oauth/token). Errors carry extensions.oauth.' })
  createToken(@Arg('input', () => CreateTokenInput, { description: 'The token request\'s parameters.' }) input: CreateTokenInput): Promise<OAuthToken> {
    return this.service.create(input);
  }

  @Mutation(() => Boolean, { description: 'Revokes a token (POST /oauth/revoke, RFC 7009).' })
  revokeToken(@Arg('input', () => RevokeTokenInput, { description: 'The token to revoke and the client it was issued to.' }) input: RevokeTokenInput): Promise<boolean> {
    return this.service.revoke(input);
  }
}
