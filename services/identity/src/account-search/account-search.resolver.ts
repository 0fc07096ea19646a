import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { IdentityContext } from '../context.js';
import { Account } from '../account/account.type.js';
import type { AccountService } from '../account/account.service.js';
import { ACCOUNT_SEARCH_LIMIT, type AccountSearchService } from './account-search.service.js';

@Resolver(() => Account)
export class AccountSearchResolver {
  constructor(
    private readonly search: AccountSearchService,
    private readonly accounts: AccountService,
  ) {}

  @Query(() => [Account], {
    description:
      'Local accounts whose username, or a word of whose display name, starts with the query (`@` and this server\'s domain left out): ' +
      'the exact username first, then accounts the viewer follows, then the closest; never one the viewer blocks or is blocked by. ' +
      'Remote handles find nothing (no federation yet). The accounts of `search`, as a list.',
  })
  @Access({ scopes: acceptedScopes('read:accounts'), user: true })
  async searchAccounts(
    @Arg('q', () => String, { description: 'The start of a username or display name, or a handle.' }) q: string,
    @Arg('limit', () => Int, { defaultValue: ACCOUNT_SEARCH_LIMIT.default, description: `Accounts at most; ${ACCOUNT_SEARCH_LIMIT.max} at the most.` }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Matches to skip.' }) offset: number,
    @Arg('following', () => Boolean, { defaultValue: false, description: 'Only accounts the viewer follows (and the viewer).' }) following: boolean,
    @Arg('resolve', () => Boolean, { defaultValue: false, description: "With a profile URL of this server as the query: that URL's account (no federation: other URLs find nothing)." })
    resolve: boolean,
    @Ctx() ctx: IdentityContext,
  ): Promise<Account[]> {
    const ids = await this.search.search(q, BigInt(ctx.principal.accountId as string), { limit, offset, following, resolve });
    const records = await ctx.accounts.loadMany(ids);
    return records.flatMap((record) => (record && !(record instanceof Error) ? [this.accounts.toAccount(record, ctx.principal)] : []));
  }
}
