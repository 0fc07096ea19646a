import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { AppError } from '@social/errors';
import { AdminAccess, acceptedScopes, deletedPayload, payload, type Principal } from '@social/federation';
import type { AccountService } from '../account/account.service.js';
import type { Account } from '../account/account.type.js';
import type { IdentityContext } from '../context.js';
import type { AccountModeration, Moderator } from './moderation.service.js';
import type { ModerationTarget } from './moderation.data.js';
import {
  ApproveAccount, DeleteAccountDataInput, DeleteAccountDataPayload, EnableAccount, ModerateAccountInput, ModerateAccountPayload, RejectAccountInput,
  RejectAccountPayload, UnsensitiveAccount, UnsilenceAccount, UnsuspendAccount, type AccountMutationInput, type AccountMutationPayload,
} from './moderation.type.js';

const WRITE_ACCOUNTS = acceptedScopes('admin:write:accounts');

function moderatorOf(principal: Principal): Moderator {
  return { accountId: BigInt(principal.accountId as string), permissions: principal.permissions ?? 0 };
}

/** The moderators' actions on accounts (docs/api/moderation.md#acting-on-an-account), each answering the account as moderators see it. */
@Resolver()
export class ModerationResolver {
  constructor(
    private readonly moderation: AccountModeration,
    private readonly accounts: AccountService,
  ) {}

  @Mutation(() => ModerateAccountPayload, {
    description:
      'Warns, limits, suspends, marks sensitive or disables an account (POST /api/v1/admin/accounts/:id/action), keeping a warning and resolving reports; ' +
      'each action is in the audit log. Needs admin:write:accounts and a role with manage_users above the user\'s.',
  })
  @AdminAccess(WRITE_ACCOUNTS, 'manage_users')
  moderateAccount(@Arg('input', () => ModerateAccountInput, { description: 'The action.' }) input: ModerateAccountInput, @Ctx() ctx: IdentityContext): Promise<ModerateAccountPayload> {
    return this.answer(ctx, () => this.moderation.act(input.accountId, { type: input.type ?? null, reportId: input.reportId, text: input.text }, moderatorOf(ctx.principal)));
  }

  @Mutation(() => EnableAccount.Payload, { description: 'Lets a disabled user sign in again (POST /api/v1/admin/accounts/:id/enable). Needs admin:write:accounts and manage_users.' })
  @AdminAccess(WRITE_ACCOUNTS, 'manage_users')
  enableAccount(@Arg('input', () => EnableAccount.Input, { description: 'The account.' }) input: AccountMutationInput, @Ctx() ctx: IdentityContext): Promise<AccountMutationPayload> {
    return this.answer(ctx, () => this.moderation.enable(input.accountId, moderatorOf(ctx.principal)));
  }

  @Mutation(() => UnsilenceAccount.Payload, { description: 'Stops limiting an account (POST /api/v1/admin/accounts/:id/unsilence). Needs admin:write:accounts and manage_users.' })
  @AdminAccess(WRITE_ACCOUNTS, 'manage_users')
  unsilenceAccount(@Arg('input', () => UnsilenceAccount.Input, { description: 'The account.' }) input: AccountMutationInput, @Ctx() ctx: IdentityContext): Promise<AccountMutationPayload> {
    return this.answer(ctx, () => this.moderation.unsilence(input.accountId, moderatorOf(ctx.principal)));
  }

  @Mutation(() => UnsuspendAccount.Payload, {
    description: 'Lifts a suspension before the data is deleted (POST /api/v1/admin/accounts/:id/unsuspend): everything shows again and the tokens work. Needs admin:write:accounts and manage_users.',
  })
  @AdminAccess(WRITE_ACCOUNTS, 'manage_users')
  unsuspendAccount(@Arg('input', () => UnsuspendAccount.Input, { description: 'The account.' }) input: AccountMutationInput, @Ctx() ctx: IdentityContext): Promise<AccountMutationPayload> {
    return this.answer(ctx, () => this.moderation.unsuspend(input.accountId, moderatorOf(ctx.principal)));
  }

  @Mutation(() => UnsensitiveAccount.Payload, { description: "Stops forcing the account's media sensitive (POST /api/v1/admin/accounts/:id/unsensitive). Needs admin:write:accounts and manage_users." })
  @AdminAccess(WRITE_ACCOUNTS, 'manage_users')
  unsensitiveAccount(@Arg('input', () => UnsensitiveAccount.Input, { description: 'The account.' }) input: AccountMutationInput, @Ctx() ctx: IdentityContext): Promise<AccountMutationPayload> {
    return this.answer(ctx, () => this.moderation.unsensitive(input.accountId, moderatorOf(ctx.principal)));
  }

  @Mutation(() => ApproveAccount.Payload, { description: 'Approves a pending sign-up (POST /api/v1/admin/accounts/:id/approve). Needs admin:write:accounts and manage_users.' })
  @AdminAccess(WRITE_ACCOUNTS, 'manage_users')
  approveAccount(@Arg('input', () => ApproveAccount.Input, { description: 'The account.' }) input: AccountMutationInput, @Ctx() ctx: IdentityContext): Promise<AccountMutationPayload> {
    return this.answer(ctx, () => this.moderation.approve(input.accountId, moderatorOf(ctx.principal)));
  }

  @Mutation(() => RejectAccountPayload, {
    description: 'Rejects a pending sign-up (POST /api/v1/admin/accounts/:id/reject): the account and its login are deleted. Needs admin:write:accounts and manage_users.',
  })
  @AdminAccess(WRITE_ACCOUNTS, 'manage_users')
  rejectAccount(@Arg('input', () => RejectAccountInput, { description: 'The account.' }) input: RejectAccountInput, @Ctx() ctx: IdentityContext): Promise<RejectAccountPayload> {
    return deletedPayload('rejectedAccountId', input.accountId, () => this.moderation.reject(input.accountId, moderatorOf(ctx.principal)));
  }

  @Mutation(() => DeleteAccountDataPayload, {
    description:
      "Deletes a suspended account's data now rather than 30 days after its suspension (DELETE /api/v1/admin/accounts/:id); a background job does it. " +
      'Needs admin:write:accounts and a role with delete_user_data.',
  })
  @AdminAccess(WRITE_ACCOUNTS, 'delete_user_data')
  deleteAccountData(@Arg('input', () => DeleteAccountDataInput, { description: 'The account.' }) input: DeleteAccountDataInput, @Ctx() ctx: IdentityContext): Promise<DeleteAccountDataPayload> {
    return deletedPayload('deletedAccountId', input.accountId, () => this.moderation.requestDeletion(input.accountId, moderatorOf(ctx.principal)));
  }

  /** The account as it is after the change, read again in this request. */
  private answer(ctx: IdentityContext, change: () => Promise<ModerationTarget>): Promise<AccountMutationPayload> {
    return payload(async () => {
      const target = await change();
      const id = target.id.toString();
      const record = await ctx.accounts.clear(id).load(id);
      if (!record) throw AppError.notFound();
      const account: Account = this.accounts.toAccount(record, ctx.principal);
      return { account };
    }, { account: null });
  }
}
