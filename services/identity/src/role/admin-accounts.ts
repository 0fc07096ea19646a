import { Arg, Args, ArgsType, Ctx, Field, ID, Int, ObjectType, Query, Resolver, registerEnumType } from 'type-graphql';
import { AppError } from '@social/errors';
import { AdminAccess, acceptedScopes } from '@social/federation';
import { parseId, type Prisma, type PrismaClient } from '@social/db';
import { Account } from '../account/account.type.js';
import type { AccountService } from '../account/account.service.js';
import type { IdentityContext } from '../context.js';

/** Which accounts a moderator lists (docs/api/moderation.md#accounts). */
export enum AdminAccountStatus {
  ACTIVE = 'active',
  PENDING = 'pending',
  DISABLED = 'disabled',
  SILENCED = 'silenced',
  SUSPENDED = 'suspended',
}

registerEnumType(AdminAccountStatus, {
  name: 'AdminAccountStatus',
  description: 'The state of an account, as the admin accounts list filters it.',
  valuesConfig: {
    ACTIVE: { description: 'Not suspended, and its user neither disabled nor waiting for approval.' },
    PENDING: { description: 'Its sign-up waits for approval.' },
    DISABLED: { description: 'Its user may not sign in.' },
    SILENCED: { description: 'Limited (silenced) by a moderator.' },
    SUSPENDED: { description: 'Suspended.' },
  },
});

@ArgsType()
export class AdminAccountFilterArgs {
  @Field(() => String, { nullable: true, description: '`local` (every account here) or `remote` (none yet).' })
  origin?: string | null;

  @Field(() => AdminAccountStatus, { nullable: true, description: 'Only accounts in this state.' })
  status?: AdminAccountStatus | null;

  @Field(() => String, { nullable: true, description: 'Usernames starting with this, case-insensitive.' })
  username?: string | null;

  @Field(() => String, { nullable: true, description: 'E-mail addresses containing this, case-insensitive.' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'Display names containing this, case-insensitive.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: 'Users who signed up from this address.' })
  ip?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Only accounts whose media a moderator forced sensitive (GET /api/v1/admin/accounts's sensitized)." })
  sensitized?: boolean | null;

  @Field(() => String, { nullable: true, description: '`staff`: only users with a staff role.' })
  permissions?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only accounts older than this id (the next page).' })
  maxId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only accounts newer than this id, newest first.' })
  sinceId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only accounts newer than this id, the ones right after it (the previous page).' })
  minId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Accounts per page: default 100, at most 200.' })
  limit?: number | null;
}

@ObjectType({ description: 'A page of accounts for moderators, newest first, with the cursors of its ends (account ids).' })
export class AdminAccountPage {
  @Field(() => [Account], { description: 'The accounts, newest first; each with `adminInfo`.' })
  items!: Account[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as minId (or sinceId) for the previous page. Null when empty.' })
  prevMinId!: string | null;
}

const ADMIN_ACCOUNT_PAGE = { default: 100, max: 200 } as const;

/** The admin accounts list's query: ids only, the accounts are read through the request's loader. */
export class AdminAccountData {
  constructor(private readonly prisma: PrismaClient) {}

  async list(filter: AdminAccountFilterArgs, window: { lt?: bigint; gt?: bigint; ascending: boolean; limit: number }): Promise<bigint[]> {
    const user: Prisma.UserWhereInput = {};
    const where: Prisma.AccountWhereInput = { id: { lt: window.lt, gt: window.gt } };
    if (filter.status === AdminAccountStatus.ACTIVE) {
      where.suspendedAt = null;
      user.disabled = false;
      user.approved = true;
    }
    if (filter.status === AdminAccountStatus.PENDING) user.approved = false;
    if (filter.status === AdminAccountStatus.DISABLED) user.disabled = true;
    if (filter.status === AdminAccountStatus.SUSPENDED) where.suspendedAt = { not: null };
    if (filter.status === AdminAccountStatus.SILENCED) where.silencedAt = { not: null };
    if (filter.sensitized) where.sensitizedAt = { not: null };
    if (filter.displayName) where.displayName = { contains: filter.displayName, mode: 'insensitive' };
    if (filter.ip) user.signUpIp = filter.ip.trim();
    if (filter.username) where.usernameLower = { startsWith: filter.username.toLowerCase() };
    if (filter.email) user.email = { contains: filter.email.toLowerCase() };
    if (filter.permissions === 'staff') user.roleId = { not: null };
    if (Object.keys(user).length > 0) where.user = user;
    const rows = await this.prisma.account.findMany({ where, select: { id: true }, orderBy: { id: window.ascending ? 'asc' : 'desc' }, take: window.limit });
    const ids = rows.map((row) => row.id);
    return window.ascending ? ids.reverse() : ids;
  }
}

/** GET /api/v2/admin/accounts and /api/v1/admin/accounts/:id: accounts as moderators see them (manage_users). */
@Resolver()
export class AdminAccountsResolver {
  constructor(
    private readonly data: AdminAccountData,
    private readonly accounts: AccountService,
  ) {}

  @Query(() => AdminAccountPage, {
    description: 'Accounts for moderators, newest first; cursors are account ids (GET /api/v2/admin/accounts). Needs admin:read:accounts and a role with manage_users.',
  })
  @AdminAccess(acceptedScopes('admin:read:accounts'), 'manage_users')
  async adminAccounts(@Args(() => AdminAccountFilterArgs) filter: AdminAccountFilterArgs, @Ctx() ctx: IdentityContext): Promise<AdminAccountPage> {
    const limit = filter.limit === null || filter.limit === undefined ? ADMIN_ACCOUNT_PAGE.default : Math.min(Math.abs(Math.trunc(filter.limit)), ADMIN_ACCOUNT_PAGE.max);
    // No remote accounts exist.
    if (limit === 0 || filter.origin === 'remote') return { items: [], nextMaxId: null, prevMinId: null };
    const minId = parseId(filter.minId);
    const ids = await this.data.list(filter, {
      lt: parseId(filter.maxId) ?? undefined,
      gt: minId ?? parseId(filter.sinceId) ?? undefined,
      ascending: minId !== null,
      limit,
    });
    const records = await ctx.accounts.loadMany(ids.map(String));
    const items = records.flatMap((record) => (record && !(record instanceof Error) ? [this.accounts.toAccount(record, ctx.principal)] : []));
    return { items, nextMaxId: ids.length > 0 ? String(ids[ids.length - 1]) : null, prevMinId: ids.length > 0 ? String(ids[0]) : null };
  }

  @Query(() => Account, { description: 'One account for moderators, with `adminInfo` (GET /api/v1/admin/accounts/:id). Needs admin:read:accounts and a role with manage_users.' })
  @AdminAccess(acceptedScopes('admin:read:accounts'), 'manage_users')
  async adminAccount(@Arg('id', () => ID, { description: 'The account.' }) id: string, @Ctx() ctx: IdentityContext): Promise<Account> {
    const record = parseId(id) ? await ctx.accounts.load(id) : null;
    if (!record) throw AppError.notFound();
    return this.accounts.toAccount(record, ctx.principal);
  }
}
