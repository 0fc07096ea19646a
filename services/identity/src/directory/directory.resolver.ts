import { Arg, Ctx, Int, Query, Resolver, registerEnumType } from 'type-graphql';
import { acceptedScopes, OptionalAccess } from '@social/federation';
import type { IdentityContext } from '../context.js';
import { Account } from '../account/account.type.js';
import type { AccountService } from '../account/account.service.js';
import type { DirectoryData } from './directory.data.js';

export enum DirectoryOrder {
  ACTIVE = 'active',
  NEW = 'new',
}

registerEnumType(DirectoryOrder, {
  name: 'DirectoryOrder',
  description: 'How the profile directory is ordered.',
  valuesConfig: {
    ACTIVE: { description: 'Most recently posted first; accounts that never posted last.' },
    NEW: { description: 'Newest accounts first.' },
  },
});

/** Mastodon's default and cap of accounts per directory page. */
const DIRECTORY_LIMIT = { default: 40, max: 80 } as const;

@Resolver(() => Account)
export class DirectoryResolver {
  constructor(
    private readonly data: DirectoryData,
    private readonly accounts: AccountService,
  ) {}

  @Query(() => [Account], {
    description:
      'The profile directory: accounts that chose to be listed (discoverable), never suspended ones. All are local (no federation yet). ' +
      'Public; a token needs read:accounts.',
  })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  async directory(
    @Arg('order', () => DirectoryOrder, { defaultValue: DirectoryOrder.ACTIVE, description: 'ACTIVE (the default) or NEW.' }) order: DirectoryOrder,
    @Arg('limit', () => Int, { defaultValue: DIRECTORY_LIMIT.default, description: `Accounts at most; ${DIRECTORY_LIMIT.max} at the most.` }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Accounts to skip.' }) offset: number,
    @Ctx() ctx: IdentityContext,
  ): Promise<Account[]> {
    const size = Math.min(Math.max(limit, 0), DIRECTORY_LIMIT.max);
    if (size === 0) return [];
    const ids = await this.data.page(order === DirectoryOrder.NEW ? 'new' : 'active', size, Math.max(offset, 0));
    const records = await ctx.accounts.loadMany(ids);
    return records.flatMap((record) => (record && !(record instanceof Error) ? [this.accounts.toAccount(record, ctx.principal)] : []));
  }
}
