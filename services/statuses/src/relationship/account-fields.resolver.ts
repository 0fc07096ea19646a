import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes, assertAccess, invalidTokenError } from '@social/federation';
import { Account } from '../account/account.type.js';
import type { StatusesContext } from '../context.js';
import { AccountConnection, ConnectionArgs } from '../page/connection.type.js';
import type { RelationshipService } from './relationship.service.js';
import { Relationship } from './relationship.type.js';

const READ_ACCOUNTS = { scopes: acceptedScopes('read:accounts') };

/** An account's follow lists and the viewer's relationship with it: the rules of `accountFollowers`, `accountFollowing` and `relationships`. */
@Resolver(() => Account)
export class AccountFieldsResolver {
  constructor(private readonly service: RelationshipService) {}

  @FieldResolver(() => AccountConnection, { description: 'Accounts following it, newest follow first, as a connection (the rows of `accountFollowers`). Needs a token (any client).' })
  @Access(READ_ACCOUNTS)
  followers(@Root() account: Account, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.service.listConnection('followers', account.id, args, ctx);
  }

  @FieldResolver(() => AccountConnection, { description: 'Accounts it follows, newest follow first, as a connection (the rows of `accountFollowing`). Needs a token (any client).' })
  @Access(READ_ACCOUNTS)
  following(@Root() account: Account, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.service.listConnection('following', account.id, args, ctx);
  }

  @FieldResolver(() => Relationship, {
    nullable: true,
    description:
      "The signed-in user's relationship with it (one item of `relationships`); null without a user token, with an app token, or for a suspended account. A page of accounts asks once. Scope read:follows.",
  })
  relationship(@Root() account: Account, @Ctx() ctx: StatusesContext): Promise<Relationship | null> | null {
    if (ctx.principal.kind === 'invalid') throw invalidTokenError(ctx.principal);
    if (ctx.principal.kind !== 'user' || !ctx.principal.accountId) return null;
    assertAccess(ctx.principal, { scopes: acceptedScopes('read:follows'), user: true });
    return this.service.relationshipWith(account.id, ctx);
  }
}
