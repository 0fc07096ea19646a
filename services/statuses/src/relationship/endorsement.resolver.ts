import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, OptionalAccess, acceptedScopes, payload } from '@social/federation';
import { Account } from '../account/account.type.js';
import type { StatusesContext } from '../context.js';
import { AccountConnection, ConnectionArgs } from '../page/connection.type.js';
import { AccountPage, PageArgs } from '../page/page.type.js';
import type { EndorsementService } from './endorsement.service.js';
import { EndorseAccountInput, EndorseAccountPayload, UnendorseAccountInput, UnendorseAccountPayload } from './relationship.type.js';

const WRITE_ACCOUNTS = { scopes: acceptedScopes('write:accounts'), user: true };

/** Endorsements (docs/api/accounts.md#endorsements): the writes, the REST pages and Account.endorsements. */
@Resolver(() => Account)
export class EndorsementResolver {
  constructor(private readonly service: EndorsementService) {}

  @Mutation(() => EndorseAccountPayload, { description: 'Features a followed account on the viewer\'s profile (POST /api/v1/accounts/:id/pin); idempotent.' })
  @Access(WRITE_ACCOUNTS)
  endorseAccount(@Arg('input', () => EndorseAccountInput, { description: 'The account.' }) input: EndorseAccountInput, @Ctx() ctx: StatusesContext): Promise<EndorseAccountPayload> {
    return payload(async () => ({ relationship: await this.service.endorse(input.accountId, ctx) }), { relationship: null });
  }

  @Mutation(() => UnendorseAccountPayload, { description: 'Stops featuring an account (POST /api/v1/accounts/:id/unpin); succeeds also when it was not featured.' })
  @Access(WRITE_ACCOUNTS)
  unendorseAccount(@Arg('input', () => UnendorseAccountInput, { description: 'The account.' }) input: UnendorseAccountInput, @Ctx() ctx: StatusesContext): Promise<UnendorseAccountPayload> {
    return payload(async () => ({ relationship: await this.service.unendorse(input.accountId, ctx) }), { relationship: null });
  }

  @Query(() => AccountPage, { description: 'The accounts the viewer endorses, newest endorsement first; cursors are endorsement ids (GET /api/v1/endorsements).' })
  @Access({ scopes: acceptedScopes('read:accounts'), user: true })
  endorsements(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<AccountPage> {
    return this.service.list(null, page, ctx);
  }

  @Query(() => AccountPage, { description: 'The accounts an account endorses, newest endorsement first; cursors are endorsement ids (GET /api/v1/accounts/:id/endorsements). Public.' })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  accountEndorsements(
    @Arg('accountId', () => ID, { description: 'The account.' }) accountId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<AccountPage> {
    return this.service.list(accountId, page, ctx);
  }

  @FieldResolver(() => AccountConnection, { name: 'endorsements', description: 'Accounts it endorses (features on its profile), newest endorsement first, as a connection (the rows of `accountEndorsements`). Public.' })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  endorsementConnection(@Root() account: Account, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.service.listConnection(account.id, args, ctx);
  }
}
