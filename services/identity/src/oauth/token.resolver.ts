import { Arg, Mutation, Resolver } from 'type-graphql';
import { payload } from '@social/federation';
import { CreateTokenPayload, RevokeTokenPayload } from './oauth.payload.js';
import { CreateTokenInput, RevokeTokenInput } from './token.type.js';
import type { TokenService } from './token.service.js';

/** The OAuth token endpoint as GraphQL: clients authenticate with their credentials in the input. */
@Resolver()
export class TokenResolver {
  constructor(private readonly service: TokenService) {}

  @Mutation(() => CreateTokenPayload, { description: 'Obtains a token (POST /oauth/token). OAuth errors are top-level and carry extensions.oauth.' })
  createToken(@Arg('input', () => CreateTokenInput, { description: 'The token request\'s parameters.' }) input: CreateTokenInput): Promise<CreateTokenPayload> {
    return payload(async () => ({ token: await this.service.create(input) }), { token: null });
  }

  @Mutation(() => RevokeTokenPayload, { description: 'Revokes a token (POST /oauth/revoke, RFC 7009). OAuth errors are top-level and carry extensions.oauth.' })
  revokeToken(@Arg('input', () => RevokeTokenInput, { description: 'The token to revoke and the client it was issued to.' }) input: RevokeTokenInput): Promise<RevokeTokenPayload> {
    return payload(async () => ({ revoked: await this.service.revoke(input) }), { revoked: null });
  }
}
