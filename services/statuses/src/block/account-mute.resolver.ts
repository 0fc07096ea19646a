import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { acceptedScopes, assertAccess, invalidTokenError } from '@social/federation';
import { Account } from '../account/account.type.js';
import type { StatusesContext } from '../context.js';

/** What the viewer's mute says on an account itself: GET /api/v1/mutes shows each mute's end (docs/api/safety.md#routes). */
@Resolver(() => Account)
export class AccountMuteResolver {
  @FieldResolver(() => Date, {
    nullable: true,
    description:
      "When the signed-in user's mute of this account lapses; null when it is not muted, muted until unmuted, or without a user token. A page of accounts asks once. Scope read:mutes.",
  })
  muteExpiresAt(@Root() account: Account, @Ctx() ctx: StatusesContext): Promise<Date | null> | null {
    if (ctx.principal.kind === 'invalid') throw invalidTokenError(ctx.principal);
    if (ctx.principal.kind !== 'user' || !ctx.principal.accountId) return null;
    assertAccess(ctx.principal, { scopes: ['follow', ...acceptedScopes('read:mutes')], user: true });
    return ctx.muteExpiry.load(account.id);
  }
}
