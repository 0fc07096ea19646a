import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { AppError } from '@social/errors';
import { Access, acceptedScopes, OptionalAccess, payload } from '@social/federation';
import { parseId } from '@social/db';
import type { IdentityContext } from '../context.js';
import { Account, RegisterAccountInput } from './account.type.js';
import { RegisterAccountPayload } from './account.payload.js';
import type { AccountService } from './account.service.js';

/** Mastodon's limit on GET /api/v1/accounts?id[]= (docs/api/accounts.md). */
const ACCOUNTS_LIMIT = 40;

@Resolver(() => Account)
export class AccountResolver {
  constructor(private readonly service: AccountService) {}

  @Query(() => Account, { description: 'An account by id. Public.' })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  async account(@Arg('id', () => ID, { description: 'The account\'s id.' }) id: string, @Ctx() ctx: IdentityContext): Promise<Account> {
    const record = parseId(id) ? await ctx.accounts.load(id) : null;
    if (!record) throw AppError.notFound();
    return this.service.toAccount(record, ctx.principal);
  }

  @Query(() => [Account], { description: 'Several accounts by id, in the order asked (GET /api/v1/accounts?id[]=); unknown ids are left out, at most 40 ids. Public.' })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  async accounts(@Arg('ids', () => [ID], { description: 'The accounts\' ids (duplicates are answered once).' }) ids: string[], @Ctx() ctx: IdentityContext): Promise<Account[]> {
    const unique = [...new Set(ids)];
    if (unique.length > ACCOUNTS_LIMIT) throw AppError.unprocessable(`Too many ids: at most ${ACCOUNTS_LIMIT} accounts at once`, ['ids']);
    const records = await ctx.accounts.loadMany(unique.filter((id) => parseId(id)));
    return records.flatMap((record) => (record && !(record instanceof Error) ? [this.service.toAccount(record, ctx.principal)] : []));
  }

  @Query(() => Account, { description: 'A local account by its handle: `alice`, `@alice` or `alice@this.host` (Mastodon\'s lookup). Public.' })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  async lookupAccount(@Arg('acct', () => String, { description: 'The handle.' }) acct: string, @Ctx() ctx: IdentityContext): Promise<Account> {
    return this.service.toAccount(await this.service.lookup(acct), ctx.principal);
  }

  @Query(() => Account, {
    description: 'The local account a WebFinger resource names: `acct:alice@this.host`, or its profile or actor URL. Open to all, as discovery is.',
  })
  async webfingerAccount(@Arg('resource', () => String, { description: 'The resource asked about.' }) resource: string, @Ctx() ctx: IdentityContext): Promise<Account> {
    return this.service.toAccount(await this.service.webfinger(resource), ctx.principal);
  }

  @Query(() => Account, { description: 'The account behind the current user token, with its source.' })
  @Access({ scopes: [...acceptedScopes('read:accounts'), 'profile'], user: true })
  async viewer(@Ctx() ctx: IdentityContext): Promise<Account> {
    const record = await ctx.accounts.load(ctx.principal.accountId as string);
    if (!record) throw AppError.invalidToken();
    return this.service.toAccount(record, ctx.principal);
  }

  @Query(() => Account, { description: 'The user behind the token, for /oauth/userinfo. Scope profile only, as in Mastodon.' })
  @Access({ scopes: ['profile'], user: true })
  async userInfo(@Ctx() ctx: IdentityContext): Promise<Account> {
    return this.viewer(ctx);
  }

  @Mutation(() => RegisterAccountPayload, { description: 'Signs up a new account with an app token; returns a token for it.' })
  @Access({ scopes: acceptedScopes('write:accounts'), app: true })
  async registerAccount(
    @Arg('input', () => RegisterAccountInput, { description: 'The new account\'s details.' }) input: RegisterAccountInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<RegisterAccountPayload> {
    const application = await ctx.applications.load(ctx.principal.applicationId as string);
    if (!application) throw AppError.invalidToken();
    return payload(async () => ({ token: await this.service.register(input, application, input.ip ?? null, ctx.principal) }), { token: null });
  }
}

